import type { CancellationWatch } from './cancellation-watch'
import { executeRun, type ExecutorOptions } from './execute-run'
import type { RunServices } from './run-services'

/** How long a queued run may wait before its job is sent again (jobs are one per run, so this never duplicates). */
const REQUEUE_AFTER_MS = 60_000

/**
 * Recovery, at worker start and periodically: a `running` run whose lease nobody holds lost its
 * worker and ends `interrupted` (worker_lost); a run queued for long gets its job sent again.
 */
export async function recoverRuns(
  services: RunServices,
  watch: CancellationWatch,
  options: ExecutorOptions,
): Promise<{ ended: number; requeued: number }> {
  const { prisma } = services.database
  let ended = 0
  const running = await prisma.run.findMany({ where: { status: 'running' }, select: { id: true }, take: 500 })
  for (const run of running) if ((await executeRun(services, watch, run.id, options)) === 'ended') ended++
  const stale = await prisma.run.findMany({
    where: { status: 'queued', createdAt: { lt: new Date(Date.now() - REQUEUE_AFTER_MS) } },
    select: { id: true, tenantId: true },
    take: 500,
  })
  for (const run of stale) await services.queue.enqueue({ runId: run.id, tenantId: run.tenantId })
  return { ended, requeued: stale.length }
}
