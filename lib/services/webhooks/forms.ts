import { defineAction } from '../../boundary/actions/define'
import { sendTestWebhook } from './test-delivery'
import { addWebhookEndpoint, removeWebhookEndpoint } from './webhook-endpoints'
import { addWebhookSchema, webhookIdSchema } from './webhook-forms'

/** Adds an endpoint; the answer carries its signing secret, once. */
export const addWebhookForm = defineAction({
  schema: addWebhookSchema,
  permission: 'webhooks.manage',
  handler: async (input, caller) => {
    const { endpoint, secret } = await addWebhookEndpoint(caller, input)
    return { id: endpoint.id, secret }
  },
})

/** Sends a test delivery now. */
export const testWebhookForm = defineAction({
  schema: webhookIdSchema,
  permission: 'webhooks.manage',
  handler: (input, caller) => sendTestWebhook(caller, input.endpointId),
})

/** Removes an endpoint (audited). */
export const removeWebhookForm = defineAction({
  schema: webhookIdSchema,
  permission: 'webhooks.manage',
  handler: (input, caller) => removeWebhookEndpoint(caller, input.endpointId),
})
