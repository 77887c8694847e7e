import { z } from 'zod'

/** A lower-case DNS domain such as `example.com`. */
export const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/

/** Roles a domain sign-in may grant automatically; never admin (that stays a person's decision). */
export const AUTO_JOIN_ROLES = ['member', 'support'] as const
export type AutoJoinRole = (typeof AUTO_JOIN_ROLES)[number]

/** A tenant's single sign-on settings (the `sso` key of its settings JSON). */
export type SsoSettings = {
  /** E-mail domains whose verified SSO users join the tenant automatically. */
  domains: string[]
  /** The role they join with. */
  defaultRole: AutoJoinRole
  /** Whether a session signed in with a password may act in this tenant. */
  passwordSignIn: boolean
}

const schema = z.object({
  domains: z.array(z.string().regex(DOMAIN_PATTERN)).max(20).catch([]),
  defaultRole: z.enum(AUTO_JOIN_ROLES).catch('member'),
  passwordSignIn: z.boolean().catch(true),
})

/** The defaults: no domains, members, password sign-in allowed. */
export const DEFAULT_SSO_SETTINGS: SsoSettings = { domains: [], defaultRole: 'member', passwordSignIn: true }

/** Reads the SSO settings out of a tenant's settings JSON, falling back to the defaults for what does not parse. */
export function ssoSettingsOf(settings: unknown): SsoSettings {
  const raw = settings && typeof settings === 'object' ? (settings as Record<string, unknown>).sso : undefined
  const parsed = schema.safeParse(raw && typeof raw === 'object' ? raw : {})
  return parsed.success ? { ...DEFAULT_SSO_SETTINGS, ...parsed.data } : DEFAULT_SSO_SETTINGS
}

/** The domain of an e-mail address, lower-cased ('' when there is none). */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@')
  return at === -1 ? '' : email.slice(at + 1).toLowerCase()
}
