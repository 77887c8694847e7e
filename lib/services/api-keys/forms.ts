import { defineAction } from '../../boundary/actions/define'
import { createApiKey, revokeApiKey } from './api-keys'
import { createApiKeySchema, revokeApiKeySchema } from './api-key-forms'

/** Creates a key; the answer carries its secret, shown once. */
export const createApiKeyForm = defineAction({
  schema: createApiKeySchema,
  permission: 'apiKeys.manageOwn',
  handler: async (input, caller) => {
    const { key, secret } = await createApiKey(caller, input)
    return { id: key.id, prefix: key.prefix, secret }
  },
})

/** Revokes a key at once (audited). */
export const revokeApiKeyForm = defineAction({
  schema: revokeApiKeySchema,
  permission: 'apiKeys.manageOwn',
  handler: async (input, caller) => revokeApiKey(caller, input.keyId),
})
