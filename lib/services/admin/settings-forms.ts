import 'server-only'
import { z } from 'zod'
import { defineAction } from '../../boundary/actions/define'
import { PROVIDER_SECRET_NAMES, type Provider } from '../../adapters/models/tenant-secrets'
import { saveProviderKey } from './provider-keys'
import { setMemberQuota } from './member-quotas'
import { removeProviderKey } from './provider-key-removal'
import { updateTenantSettings } from './tenant-settings'
import { embeddingModelField } from '../lessons/embedding-settings'
import { updateRecallSettings } from '../lessons/recall-settings-service'

/** The settings forms: provider keys, default model, support redaction, run quotas. */

const providerField = z.enum(Object.keys(PROVIDER_SECRET_NAMES) as [Provider, ...Provider[]], {
  error: 'Choose openai, anthropic or compatible.',
})
const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)
const quotaField = z.preprocess(
  (value) =>
    value === '' || value === null || value === undefined ? null : typeof value === 'string' ? Number(value) : value,
  z
    .number({ error: 'Enter a whole number of runs per day, or leave it empty.' })
    .int('Enter a whole number.')
    .min(0, 'Use 0 or more.')
    .max(100_000, 'At most 100,000 runs a day.')
    .nullable(),
)

/** Save or replace a provider key (stored encrypted; shown afterwards only by its last four characters). */
export const saveProviderKeyForm = defineAction({
  permission: 'settings.manage',
  schema: z
    .object({
      provider: providerField,
      apiKey: z
        .string({ error: 'Paste the API key.' })
        .trim()
        .min(8, 'That key is too short: paste the whole key.')
        .max(500, 'That key is too long (at most 500 characters).'),
      baseUrl: z.preprocess(
        emptyToUndefined,
        z
          .url({ protocol: /^https?$/, error: 'Use an http(s) URL, like https://llm.example.com/v1.' })
          .max(300)
          .optional(),
      ),
    })
    .refine((input) => input.provider !== 'compatible' || !!input.baseUrl, {
      path: ['baseUrl'],
      message: 'A compatible provider needs its base URL (the server that speaks the OpenAI protocol).',
    }),
  handler: async (input, caller) => {
    const saved = await saveProviderKey(caller, input)
    return { provider: saved.provider, lastFour: saved.lastFour }
  },
})

/** Remove a stored provider key. */
export const removeProviderKeyForm = defineAction({
  permission: 'settings.manage',
  schema: z.object({ provider: providerField }),
  handler: (input, caller) => removeProviderKey(caller, input.provider),
})

/** The tenant's default model, support redaction and the offline demo model's delay per call. */
export const modelSettingsForm = defineAction({
  permission: 'settings.manage',
  schema: z.object({
    defaultModel: z
      .string({ error: 'Write a model name.' })
      .trim()
      .max(200, 'At most 200 characters.')
      .regex(
        /^$|^(openai|anthropic|compatible|demo):[\w./:@-]+$/,
        "Use 'openai:<model>', 'anthropic:<model>', 'compatible:<model>' or leave it empty for the offline demo model.",
      )
      .optional()
      .transform((value) => value || null),
    supportRedactEmails: z.preprocess((value) => value === true || value === 'on' || value === 'true', z.boolean()),
    demoLatencyMs: z
      .preprocess(
        (value) => (value === '' || value === null ? null : typeof value === 'string' ? Number(value) : value),
        z
          .number({ error: 'Enter a delay in milliseconds from 0 to 10,000, or leave it empty.' })
          .int('Enter a whole number of milliseconds.')
          .min(0, 'Use 0 or more.')
          .max(10_000, 'At most 10,000 ms per call.')
          .nullable(),
      )
      .optional(),
  }),
  handler: async (input, caller) => {
    await updateTenantSettings(caller, input)
  },
})

/** The tenant's default daily run quota (empty = unlimited). */
export const tenantQuotaForm = defineAction({
  permission: 'members.manage',
  schema: z.object({ dailyRunQuota: quotaField }),
  handler: async (input, caller) => {
    await updateTenantSettings(caller, { dailyRunQuota: input.dailyRunQuota })
  },
})

/** One member's quota override (empty = use the tenant default). */
export const memberQuotaForm = defineAction({
  permission: 'members.manage',
  schema: z.object({
    membershipId: z
      .string({ error: 'Missing member.' })
      .trim()
      .min(1, 'Missing member.')
      .max(64, 'That is not a valid member.'),
    runQuota: quotaField,
  }),
  handler: (input, caller) => setMemberQuota(caller, input.membershipId, input.runQuota),
})

/** Lesson recall: the relevance floor and the embedding model (a change re-embeds in the background). */
export const recallSettingsForm = defineAction({
  permission: 'settings.manage',
  schema: z.object({
    floor: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
      z
        .number({ error: 'Enter a number from 0 to 1, e.g. 0.25.' })
        .min(0, 'Use 0 or more (0 recalls the nearest lessons whatever they say).')
        .max(1, 'At most 1 (1 recalls only identical texts).'),
    ),
    embeddingModel: z.preprocess(
      (value) => (value === '' || value === undefined ? 'offline' : value),
      embeddingModelField,
    ),
  }),
  handler: async (input, caller) => {
    const saved = await updateRecallSettings(caller, input)
    return { activeModel: saved.activeModel, pendingModel: saved.pending?.model ?? null }
  },
})
