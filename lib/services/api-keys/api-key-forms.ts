import { z } from 'zod'
import { API_SCOPES } from '../auth/permissions'

/** What creating a key takes: a name, its kind, its scopes and, optionally, when it expires. */
export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, 'name the key, e.g. "CI pipeline"').max(80, 'at most 80 characters'),
  kind: z.enum(['personal', 'tenant']).default('personal'),
  // A form posts one checkbox as a string and several as an array.
  scopes: z.preprocess(
    (value) => (value === undefined || value === '' ? [] : [value].flat()),
    z
      .array(z.enum(API_SCOPES, { error: `use ${API_SCOPES.join(', ')}` }))
      .min(1, 'choose at least one scope')
      .transform((scopes) => [...new Set(scopes)]),
  ),
  /** Days until the key expires; empty = never. */
  expiresInDays: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce.number().int().min(1, 'at least 1 day').max(3650, 'at most 10 years').optional(),
  ),
})

/** A create-key request after parsing. */
export type CreateApiKeyInput = z.output<typeof createApiKeySchema>

/** Revoking a key: its id. */
export const revokeApiKeySchema = z.object({ keyId: z.string().min(1).max(100) })
