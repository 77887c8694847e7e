import 'server-only'
import type { Database } from '../../adapters/db/client'
import { decryptSecret } from '../../adapters/models/crypto'
import { secretsKey } from '../../adapters/models/tenant-secrets'
import { guardedFetch, type GuardedFetchOptions } from '../../adapters/net'
import { metrics } from '../../adapters/observability/metrics'
import { signWebhook, WEBHOOK_HEADERS } from './signature'

/** The longest a receiver may take to answer. */
const DELIVERY_TIMEOUT_MS = 10_000

/** Error text stored with a failed attempt (bounded; no response body, which could carry anything). */
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300)

/**
 * Sends one delivery: signs the stored body with the endpoint's secret and a fresh timestamp, posts
 * it through the outbound guard, and records the attempt. A 2xx settles it; anything else throws
 * so the queue retries with backoff, until the last attempt, which is recorded as failed.
 */
export async function deliverWebhook(
  database: Database,
  deliveryId: string,
  options: { maxAttempts: number; guard?: GuardedFetchOptions; now?: () => number },
): Promise<'succeeded' | 'failed' | 'retry' | 'skipped'> {
  const { prisma } = database
  const delivery = await prisma.webhookDelivery.findUnique({
    where: { id: deliveryId },
    include: { endpoint: { select: { url: true, secretCiphertext: true, disabledAt: true } } },
  })
  if (!delivery || delivery.status !== 'pending') return 'skipped'
  if (delivery.endpoint.disabledAt) {
    await prisma.webhookDelivery.update({
      where: { id: deliveryId },
      data: { status: 'failed', lastError: 'the endpoint was removed' },
    })
    return 'skipped'
  }
  const body = JSON.stringify(delivery.payload)
  const timestamp = Math.floor((options.now ?? Date.now)() / 1000)
  const secret = decryptSecret(secretsKey(), delivery.endpoint.secretCiphertext)
  let responseStatus: number | null = null
  let error: string | null = null
  try {
    const response = await guardedFetch(
      delivery.endpoint.url,
      {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Reflexion-Studio-Webhooks/1',
          [WEBHOOK_HEADERS.id]: delivery.id,
          [WEBHOOK_HEADERS.event]: delivery.event,
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signWebhook(secret, timestamp, body),
        },
        body,
      },
      { timeoutMs: DELIVERY_TIMEOUT_MS, maxResponseBytes: 64 * 1024, ...options.guard },
    )
    responseStatus = response.status
    await response.body?.cancel()
    if (response.status < 200 || response.status >= 300) error = `the receiver answered ${response.status}`
  } catch (caught) {
    error = describe(caught)
  }
  const attempts = delivery.attempts + 1
  const outcome = error === null ? 'succeeded' : attempts >= options.maxAttempts ? 'failed' : 'retry'
  await prisma.webhookDelivery.update({
    where: { id: deliveryId },
    data: {
      attempts,
      responseStatus,
      lastError: error,
      lastAttemptAt: new Date(),
      ...(outcome === 'succeeded' ? { status: 'succeeded', deliveredAt: new Date() } : {}),
      ...(outcome === 'failed' ? { status: 'failed' } : {}),
    },
  })
  metrics().webhookDeliveries.inc({ outcome })
  return outcome
}
