import 'server-only'
import { z } from 'zod'
import { defineAction } from '../../boundary/actions/define'
import { AUTO_JOIN_ROLES, DOMAIN_PATTERN } from './sso-settings'
import { updateSsoSettings } from './sso-service'

const domainsMessage =
  'List e-mail domains like example.com, separated by commas or new lines (at most 20, without the @).'

/** The tenant's SSO settings: domains that join automatically, their role, and whether passwords still work. */
export const ssoSettingsForm = defineAction({
  permission: 'settings.manage',
  schema: z.object({
    domains: z.preprocess(
      (value) =>
        typeof value === 'string'
          ? value
              .split(/[\s,;]+/)
              .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
              .filter(Boolean)
          : value,
      z
        .array(z.string(), { error: domainsMessage })
        .max(20, domainsMessage)
        .refine((domains) => domains.every((domain) => DOMAIN_PATTERN.test(domain)), domainsMessage),
    ),
    defaultRole: z.enum(AUTO_JOIN_ROLES, { error: 'Choose member or support.' }),
    passwordSignIn: z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean()),
  }),
  handler: (input, caller) => updateSsoSettings(caller, input),
})
