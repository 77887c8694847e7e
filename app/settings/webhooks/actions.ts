'use server'

import { action } from '@/lib/boundary/actions/action'
import { addWebhookForm, removeWebhookForm, testWebhookForm } from '@/lib/services/webhooks/forms'

const revalidate = ['/settings/webhooks']

/** Adds a webhook endpoint (URL checked by the outbound guard; audited); the signing secret is in the result, once. */
export const addWebhookAction = action(addWebhookForm, { revalidate })

/** Sends a signed test delivery to an endpoint now (logged, audited). */
export const testWebhookAction = action(testWebhookForm, { revalidate })

/** Removes a webhook endpoint (audited). */
export const removeWebhookAction = action(removeWebhookForm, { revalidate })
