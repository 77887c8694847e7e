import 'server-only'
import type { Database } from '../../adapters/db/client'
import type { GuardedFetchOptions } from '../../adapters/net'
import { deliverWebhook } from './deliver'
import { webhookQueueFor, type WebhookRetryPolicy } from './webhook-queue'

/** A started delivery worker. */
export type WebhookWorker = { stop(): Promise<void> }

/** Delivers queued webhooks in this process; a delivery that should be retried is thrown back to pg-boss. */
export async function startWebhookWorker(
  database: Database,
  options: { retry?: WebhookRetryPolicy; guard?: GuardedFetchOptions } = {},
): Promise<WebhookWorker> {
  const queue = webhookQueueFor(database, options.retry)
  await queue.work(async ({ deliveryId }) => {
    const outcome = await deliverWebhook(database, deliveryId, {
      maxAttempts: queue.retry.attempts,
      guard: options.guard,
    })
    if (outcome === 'retry') throw new Error(`webhook delivery ${deliveryId} will be retried`)
  })
  return { stop: () => queue.stop() }
}
