import 'server-only'
import { writeAudit } from '../audit/write-audit'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { getPrisma } from '../../adapters/db/client'
import { AppError, notFound } from '../../errors'
import { encryptSecret } from '../../adapters/models/crypto'
import { secretsKey } from '../../adapters/models/tenant-secrets'
import { assertOutboundUrl, OutboundRefusedError, type OutboundPolicy } from '../../adapters/net'
import { generateWebhookSecret } from './signature'
import type { WebhookEvent } from './webhook-forms'

/** An endpoint as the settings page lists it (never its secret). */
export type WebhookEndpointView = {
  id: string
  url: string
  events: string[]
  description: string
  createdAt: Date
}

/** One delivery as the settings page lists it. */
export type WebhookDeliveryView = {
  id: string
  endpointId: string
  event: string
  status: string
  attempts: number
  responseStatus: number | null
  lastError: string | null
  createdAt: Date
  lastAttemptAt: Date | null
  deliveredAt: Date | null
}

/**
 * Checks a target URL with the one outbound guard (lib/adapters/net): loopback, private, link-local and
 * metadata addresses are refused unless the operator allowed them. Checked again at every delivery.
 */
export async function checkWebhookUrl(url: string, policy?: OutboundPolicy): Promise<string> {
  try {
    return (await assertOutboundUrl(url, policy)).url.toString()
  } catch (error) {
    if (error instanceof OutboundRefusedError)
      throw new AppError('bad_request', 'This URL cannot receive webhooks.', { url: [error.message] })
    throw error
  }
}

/** Adds an endpoint (webhooks.manage); returns its signing secret, the only time it is shown. Audited. */
export async function addWebhookEndpoint(
  caller: Caller,
  input: { url: string; events: WebhookEvent[]; description?: string },
  /** Extra allowances beyond the operator's OUTBOUND_ALLOW (tests with a local receiver). */
  policy?: OutboundPolicy,
): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  requirePermission(caller, 'webhooks.manage')
  const url = await checkWebhookUrl(input.url, policy)
  const secret = generateWebhookSecret()
  const prisma = await getPrisma()
  const endpoint = await prisma.$transaction(async (tx) => {
    const created = await tx.webhookEndpoint.create({
      data: {
        tenantId: caller.tenantId,
        url,
        events: [...new Set(input.events)],
        description: input.description ?? '',
        secretCiphertext: encryptSecret(secretsKey(), secret),
        createdById: caller.userId,
      },
      select: { id: true, url: true, events: true, description: true, createdAt: true },
    })
    await writeAudit(tx, caller, 'webhook.added', { type: 'webhook', id: created.id }, { url, events: created.events })
    return created
  })
  return { endpoint, secret }
}

/** The tenant's active endpoints, newest first. */
export async function listWebhookEndpoints(caller: Caller): Promise<WebhookEndpointView[]> {
  requirePermission(caller, 'webhooks.manage')
  const prisma = await getPrisma()
  return prisma.webhookEndpoint.findMany({
    where: { tenantId: caller.tenantId, disabledAt: null },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { id: true, url: true, events: true, description: true, createdAt: true },
  })
}

/** One active endpoint of the caller's tenant, else notFound(). */
export async function requireWebhookEndpoint(caller: Caller, endpointId: string): Promise<WebhookEndpointView> {
  requirePermission(caller, 'webhooks.manage')
  const prisma = await getPrisma()
  const endpoint = await prisma.webhookEndpoint.findFirst({
    where: { id: endpointId, tenantId: caller.tenantId, disabledAt: null },
    select: { id: true, url: true, events: true, description: true, createdAt: true },
  })
  if (!endpoint) throw notFound()
  return endpoint
}

/** Removes an endpoint: nothing more is sent to it (pending retries stop). Audited. */
export async function removeWebhookEndpoint(caller: Caller, endpointId: string): Promise<void> {
  const endpoint = await requireWebhookEndpoint(caller, endpointId)
  const prisma = await getPrisma()
  await prisma.$transaction(async (tx) => {
    await tx.webhookEndpoint.update({ where: { id: endpoint.id }, data: { disabledAt: new Date() } })
    await writeAudit(tx, caller, 'webhook.removed', { type: 'webhook', id: endpoint.id }, { url: endpoint.url })
  })
}

/** The newest deliveries of the tenant's endpoints (all, or one endpoint's). */
export async function listWebhookDeliveries(
  caller: Caller,
  options: { endpointId?: string; limit?: number } = {},
): Promise<WebhookDeliveryView[]> {
  requirePermission(caller, 'webhooks.manage')
  const prisma = await getPrisma()
  return prisma.webhookDelivery.findMany({
    where: { tenantId: caller.tenantId, ...(options.endpointId ? { endpointId: options.endpointId } : {}) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: Math.min(Math.max(options.limit ?? 50, 1), 200),
    select: {
      id: true,
      endpointId: true,
      event: true,
      status: true,
      attempts: true,
      responseStatus: true,
      lastError: true,
      createdAt: true,
      lastAttemptAt: true,
      deliveredAt: true,
    },
  })
}
