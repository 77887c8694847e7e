import 'server-only'
import type { CancellationWatch } from './cancellation-watch'
import type { ExecutorOptions } from './execute-run'
import type { RunServices } from './run-services'

/** How long a queued run may sit without a waiting job before it gets one again. */
const ORPHANED_AFTER_MS = 5_000

/**
 * Recovery, at worker start and every few seconds. A `running` run whose lease nobody holds lost its
 * worker: it gets a job, and the worker that takes it resumes the run after its last completed attempt
 * (or ends it). A `queued` run with no waiting job (its job died with a worker, or was lost) gets a
 * new one. Jobs are one waiting per run, and the lease lets one worker execute, so this never duplicates.
 */
export async function recoverRuns(
  services: RunServices,
  _watch: CancellationWatch,
  _options: ExecutorOptions,
): Promise<{ resumed: number; requeued: number }> {
  const { prisma } = services.database
  let resumed = 0
  const running = await prisma.run.findMany({
    where: { status: 'running' },
    select: { id: true, tenantId: true },
    take: 500,
  })
  for (const run of running) {
    if (!(await services.leases.tryAcquire(run.id))) continue
    await services.leases.release(run.id)
    await services.queue.enqueue({ runId: run.id, tenantId: run.tenantId })
    resumed++
  }
  const orphaned = await orphanedQueuedRuns(services, new Date(Date.now() - ORPHANED_AFTER_MS))
  for (const run of orphaned) await services.queue.enqueue({ runId: run.id, tenantId: run.tenantId })
  return { resumed, requeued: orphaned.length }
}

/** Queued runs older than `before` with no job waiting in the run queue (created or retry). */
async function orphanedQueuedRuns(services: RunServices, before: Date): Promise<{ id: string; tenantId: string }[]> {
  const { prisma } = services.database
  const [queue] = await prisma.$queryRaw<
    { present: boolean }[]
  >`SELECT to_regclass('pgboss.job') IS NOT NULL AS present`
  if (!queue?.present)
    return prisma.run.findMany({
      where: { status: 'queued', createdAt: { lt: before } },
      select: { id: true, tenantId: true },
      take: 500,
    })
  return prisma.$queryRaw<{ id: string; tenantId: string }[]>`
    SELECT r.id, r.tenant_id AS "tenantId" FROM runs r
     WHERE r.status = 'queued' AND r.created_at < ${before}
       AND NOT EXISTS (SELECT 1 FROM pgboss.job j
                        WHERE j.name = 'runs' AND j.singleton_key = r.id AND j.state IN ('created', 'retry'))
     LIMIT 500`
}
