import 'server-only'
import type { Db } from '../../adapters/db/client'
import { PURGEABLE_STATUSES, retentionCutoff, runRetentionDaysOf } from './retention-policy'

/** What one purge did, per tenant. */
export type PurgeReport = { tenantId: string; runs: number; events: number; cutoff: Date }[]

/** Options of a purge: the clock and how many runs one transaction deletes. */
export type PurgeOptions = { now?: Date; batchSize?: number; maxBatches?: number }

/**
 * Deletes every finished run (and, by cascade, its events) older than its tenant's retention policy,
 * in batches of `batchSize` runs, each in one transaction with its audit entry. Before a run goes, the
 * lessons it produced keep their provenance as text (`source_note`) and lose the dangling run id;
 * the run's recall rows go with it. Tenants without a policy are untouched.
 */
export async function purgeExpiredRuns(prisma: Db, options: PurgeOptions = {}): Promise<PurgeReport> {
  const now = options.now ?? new Date()
  const batchSize = options.batchSize ?? 500
  const maxBatches = options.maxBatches ?? 1000
  const tenants = await prisma.tenant.findMany({ select: { id: true, settings: true } })
  const report: PurgeReport = []
  for (const tenant of tenants) {
    const days = runRetentionDaysOf(tenant.settings)
    if (days === null) continue
    const cutoff = retentionCutoff(days, now)
    let runs = 0
    let events = 0
    for (let batch = 0; batch < maxBatches; batch++) {
      const deleted = await purgeBatch(prisma, tenant.id, cutoff, batchSize)
      runs += deleted.runs
      events += deleted.events
      if (deleted.runs < batchSize) break
    }
    if (runs > 0) report.push({ tenantId: tenant.id, runs, events, cutoff })
  }
  return report
}

async function purgeBatch(
  prisma: Db,
  tenantId: string,
  cutoff: Date,
  batchSize: number,
): Promise<{ runs: number; events: number }> {
  return prisma.$transaction(async (tx) => {
    const due = await tx.run.findMany({
      where: { tenantId, status: { in: [...PURGEABLE_STATUSES] }, createdAt: { lt: cutoff } },
      select: { id: true, eventCount: true },
      orderBy: { createdAt: 'asc' },
      take: batchSize,
    })
    if (due.length === 0) return { runs: 0, events: 0 }
    const ids = due.map((run) => run.id)
    await tx.$executeRaw`
      UPDATE lessons AS lesson
         SET source_note = 'from the run "' || run.title || '" of ' || to_char(run.created_at, 'YYYY-MM-DD')
                           || ', deleted by the retention policy',
             source_run_id = NULL
        FROM runs AS run
       WHERE lesson.tenant_id = ${tenantId} AND run.tenant_id = ${tenantId}
         AND lesson.source_run_id = run.id AND run.id = ANY(${ids})`
    await tx.lessonRecall.deleteMany({ where: { tenantId, runId: { in: ids } } })
    await tx.run.deleteMany({ where: { tenantId, id: { in: ids } } })
    const events = due.reduce((sum, run) => sum + run.eventCount, 0)
    await tx.auditLog.create({
      data: {
        tenantId,
        actorId: null,
        action: 'retention.runs_deleted',
        targetType: 'tenant',
        targetId: tenantId,
        details: { runs: ids.length, events, before: cutoff.toISOString() },
      },
    })
    return { runs: ids.length, events }
  })
}
