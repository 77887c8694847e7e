import 'server-only'
import crypto from 'node:crypto'
import { writeAudit } from '../audit/write-audit'
import type { Caller } from '../auth/caller'
import { getDatabase } from '../../adapters/db/client'
import { deliverWebhook } from './deliver'
import type { WebhookBody } from './dispatch'
import { requireWebhookEndpoint } from './webhook-endpoints'

/** Sends a signed `webhook.test` delivery to one endpoint now, once, and says how it went (it is logged like any delivery). */
export async function sendTestWebhook(
  caller: Caller,
  endpointId: string,
): Promise<{ status: 'succeeded' | 'failed'; responseStatus: number | null; error: string | null }> {
  const endpoint = await requireWebhookEndpoint(caller, endpointId)
  const database = await getDatabase()
  const id = crypto.randomUUID()
  const body: WebhookBody = {
    id,
    type: 'webhook.test',
    createdAt: new Date().toISOString(),
    data: { message: 'A test delivery from Reflexion Studio.' },
  }
  await database.prisma.webhookDelivery.create({
    data: {
      id,
      tenantId: caller.tenantId,
      endpointId: endpoint.id,
      event: 'webhook.test',
      eventKey: `test:${id}`,
      payload: body as unknown as object,
    },
  })
  await writeAudit(database.prisma, caller, 'webhook.tested', { type: 'webhook', id: endpoint.id }, {})
  const outcome = await deliverWebhook(database, id, { maxAttempts: 1 })
  const row = await database.prisma.webhookDelivery.findUniqueOrThrow({
    where: { id },
    select: { responseStatus: true, lastError: true },
  })
  return {
    status: outcome === 'succeeded' ? 'succeeded' : 'failed',
    responseStatus: row.responseStatus,
    error: row.lastError,
  }
}
