// A digest of everything a form or route can write: the row count of every table, and the mutable
// columns of the rows of the given tenants. Equal digests before and after = nothing was written.
import crypto from 'node:crypto'
import { getPrisma } from '../../lib/adapters/db/client'

/** Row counts of every table the app writes to. */
export async function tableCounts(): Promise<Record<string, number>> {
  const prisma = await getPrisma()
  const [
    users,
    tenants,
    memberships,
    invitations,
    runs,
    runEvents,
    lessons,
    lessonRecalls,
    proposals,
    auditLogs,
    providerSecrets,
    memoryBlocks,
    datasets,
    datasetVersions,
    experiments,
    mcpServers,
    tenantTools,
    apiKeys,
    webhookEndpoints,
    webhookDeliveries,
    idempotencyRecords,
  ] = await Promise.all([
    prisma.user.count(),
    prisma.tenant.count(),
    prisma.membership.count(),
    prisma.invitation.count(),
    prisma.run.count(),
    prisma.runEvent.count(),
    prisma.lesson.count(),
    prisma.lessonRecall.count(),
    prisma.lessonProposal.count(),
    prisma.auditLog.count(),
    prisma.providerSecret.count(),
    prisma.workingMemoryBlock.count(),
    prisma.dataset.count(),
    prisma.datasetVersion.count(),
    prisma.experiment.count(),
    prisma.mcpServer.count(),
    prisma.tenantTool.count(),
    prisma.apiKey.count({ where: { revokedAt: null } }),
    prisma.webhookEndpoint.count({ where: { disabledAt: null } }),
    prisma.webhookDelivery.count(),
    prisma.idempotencyRecord.count(),
  ])
  return {
    users,
    tenants,
    memberships,
    invitations,
    runs,
    runEvents,
    lessons,
    lessonRecalls,
    proposals,
    auditLogs,
    providerSecrets,
    memoryBlocks,
    datasets,
    datasetVersions,
    experiments,
    mcpServers,
    tenantTools,
    apiKeys,
    webhookEndpoints,
    webhookDeliveries,
    idempotencyRecords,
  }
}

/** Counts plus a hash of the mutable columns of the tenants' rows (roles, quotas, settings, lesson text and status, run cancel requests, proposals, secrets, invitations). */
export async function tableDigest(tenantIds: string[]): Promise<{ counts: Record<string, number>; rows: string }> {
  const prisma = await getPrisma()
  const tenantId = { in: tenantIds }
  const [
    tenants,
    memberships,
    lessons,
    proposals,
    runs,
    secrets,
    invitations,
    experiments,
    memoryBlocks,
    servers,
    tools,
  ] = await Promise.all([
    prisma.tenant.findMany({
      where: { id: tenantId },
      select: { id: true, name: true, settings: true },
      orderBy: { id: 'asc' },
    }),
    prisma.membership.findMany({
      where: { tenantId },
      select: { id: true, role: true, runQuota: true },
      orderBy: { id: 'asc' },
    }),
    prisma.lesson.findMany({
      where: { tenantId },
      select: { id: true, content: true, status: true, tags: true, taskKey: true, expiresAt: true, userKey: true },
      orderBy: { id: 'asc' },
    }),
    prisma.lessonProposal.findMany({
      where: { tenantId },
      select: { id: true, status: true, content: true, reviewNote: true },
      orderBy: { id: 'asc' },
    }),
    prisma.run.findMany({
      where: { tenantId },
      select: { id: true, status: true, cancelRequestedAt: true, eventCount: true },
      orderBy: { id: 'asc' },
    }),
    prisma.providerSecret.findMany({
      where: { tenantId },
      select: { id: true, provider: true, lastFour: true },
      orderBy: { id: 'asc' },
    }),
    prisma.invitation.findMany({
      where: { tenantId },
      select: { id: true, acceptedAt: true },
      orderBy: { id: 'asc' },
    }),
    prisma.experiment.findMany({ where: { tenantId }, select: { id: true, status: true }, orderBy: { id: 'asc' } }),
    prisma.workingMemoryBlock.findMany({
      where: { tenantId },
      select: { id: true, content: true },
      orderBy: { id: 'asc' },
    }),
    prisma.mcpServer.findMany({
      where: { tenantId },
      select: { id: true, url: true, headerNames: true, checkedAt: true, checkError: true },
      orderBy: { id: 'asc' },
    }),
    prisma.tenantTool.findMany({
      where: { tenantId },
      select: { id: true, name: true, enabled: true, config: true, description: true },
      orderBy: { id: 'asc' },
    }),
  ])
  const rows = crypto
    .createHash('sha256')
    .update(
      JSON.stringify({
        tenants,
        memberships,
        lessons,
        proposals,
        runs,
        secrets,
        invitations,
        experiments,
        memoryBlocks,
        servers,
        tools,
      }),
    )
    .digest('hex')
  return { counts: await tableCounts(), rows }
}
