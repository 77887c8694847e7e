import 'server-only'
import crypto from 'node:crypto'
import type { Database } from '../../adapters/db/client'
import { webhookQueueFor } from './webhook-queue'
import type { WebhookEvent } from './webhook-forms'

/** What every delivery body carries: the event, when, and the data (ids and outcomes; never log contents or secrets). */
export type WebhookBody = {
  id: string
  type: WebhookEvent | 'webhook.test'
  createdAt: string
  data: Record<string, unknown>
}

/**
 * Records one delivery per subscribed endpoint of the tenant (once per `eventKey`: a repeated
 * trigger sends nothing new) and queues them. Endpoints subscribed to nothing matching get nothing.
 */
export async function dispatchWebhookEvent(
  database: Database,
  tenantId: string,
  event: WebhookEvent,
  eventKey: string,
  data: Record<string, unknown>,
  endpointIds?: string[],
): Promise<string[]> {
  const { prisma } = database
  const endpoints = await prisma.webhookEndpoint.findMany({
    where: { tenantId, disabledAt: null, events: { has: event }, ...(endpointIds ? { id: { in: endpointIds } } : {}) },
    select: { id: true },
  })
  if (endpoints.length === 0) return []
  const created: string[] = []
  for (const endpoint of endpoints) {
    const id = crypto.randomUUID()
    const body: WebhookBody = { id, type: event, createdAt: new Date().toISOString(), data }
    const rows = await prisma.$queryRawUnsafe<{ id: string }[]>(
      `INSERT INTO webhook_deliveries (id, tenant_id, endpoint_id, event, event_key, payload)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb) ON CONFLICT (endpoint_id, event_key) DO NOTHING RETURNING id`,
      id,
      tenantId,
      endpoint.id,
      event,
      eventKey,
      JSON.stringify(body),
    )
    if (rows.length > 0) created.push(id)
  }
  const queue = webhookQueueFor(database)
  for (const deliveryId of created) await queue.send({ deliveryId })
  return created
}

/** Like dispatchWebhookEvent, but never throws: a webhook problem must not fail the run or the request that caused it. */
export function announce(run: () => Promise<unknown>): void {
  void run().catch((error: Error) => console.error('[webhooks] could not queue a delivery', error.message))
}
