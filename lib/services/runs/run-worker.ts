import 'server-only'
import { logger } from '../../adapters/log'
import type { Database } from '../../adapters/db/client'
import { startWebhookWorker } from '../webhooks/webhook-worker'
import { CancellationWatch } from './cancellation-watch'
import { executeRun, type ExecutorOptions } from './execute-run'
import { advanceAfterRun, advanceRunningExperiments, experimentWindow } from '../experiments/scheduler'
import { recoverRuns } from './recover-runs'
import { runServicesFor } from './run-services'
import { runWithLogContext } from '../../adapters/log/log-context'
import { purgeExpiredRuns } from '../retention/purge-expired-runs'
import { reembedDueTenants } from '../lessons/reembed-job'

const log = logger().child({ component: 'runs' })

/** Options of a worker process (or of the in-process worker of an app server). */
export type RunWorkerOptions = Partial<ExecutorOptions> & {
  database: Database
  concurrency: number
  recoverEveryMs?: number
  /** How often the retention purge runs across the deployment (default hourly); false: never from this worker. */
  retentionEverySeconds?: number | false
  /** How often lessons are re-embedded after an embedding-model change (default 10 s); false: never from this worker. */
  reembedEverySeconds?: number | false
}

/**
 * A started worker. `stop` is the clean shutdown: take no new jobs, let each running run reach its next
 * attempt boundary (it is then handed to another worker, which resumes it there) or finish, for at
 * most `graceMs`; what is still running after that is resumed elsewhere after its last completed attempt.
 */
export type RunWorker = {
  stop(options?: { graceMs?: number }): Promise<void>
  recover(): Promise<Awaited<ReturnType<typeof recoverRuns>> & { experiments: number }>
}

/** Delay before a run whose tenant is at its concurrency limit is tried again. */
const TENANT_BUSY_DELAY_SECONDS = 2

/**
 * Starts executing runs from the queue: `concurrency` at a time in this process, at most
 * `tenantConcurrency` per tenant across all workers; recovers lost runs at start and periodically.
 */
export async function startRunWorker(options: RunWorkerOptions): Promise<RunWorker> {
  const services = runServicesFor(options.database)
  const watch = new CancellationWatch(options.database.prisma)
  let draining = false
  const active = new Set<Promise<unknown>>()
  const executor: ExecutorOptions = {
    tenantConcurrency: options.tenantConcurrency ?? 4,
    retry: options.retry,
    embedder: options.embedder,
    workerLabel: options.workerLabel,
    outboundPolicy: options.outboundPolicy,
    shouldYield: () => draining,
  }
  const scheduling = { window: experimentWindow(executor.tenantConcurrency) }
  // Experiments resume here too: their scheduling state is their runs, so any worker picks them up.
  const recover = async () => {
    const runs = await recoverRuns(services, watch, executor)
    const experiments = await advanceRunningExperiments(options.database, scheduling)
    return { ...runs, experiments }
  }
  await recover()
  await services.queue.work(options.concurrency, async (job) => {
    const execution = runWithLogContext({ runId: job.runId, tenantId: job.tenantId }, () =>
      executeRun(services, watch, job.runId, executor),
    )
    active.add(execution)
    try {
      const outcome = await execution
      if (outcome === 'deferred') await services.queue.enqueue(job, { delaySeconds: TENANT_BUSY_DELAY_SECONDS })
      else
        await advanceAfterRun(options.database, job.runId, scheduling).catch((error) => {
          // The periodic recovery advances the experiment later.
          console.error(`[experiments] could not schedule after run ${job.runId}`, (error as Error).message)
        })
      // Handed over at an attempt boundary: another worker takes the job and resumes the run there.
      if (outcome === 'yielded') await services.queue.enqueue(job)
    } catch (error) {
      log.error({ err: error }, `run ${job.runId} failed in the worker`)
      throw error
    } finally {
      active.delete(execution)
    }
  })
  // Webhook deliveries are jobs on the same database: the processes that run jobs deliver them.
  const webhooks = await startWebhookWorker(options.database)
  if (options.retentionEverySeconds !== false)
    await services.queue.every('retention', options.retentionEverySeconds ?? 3600, async () => {
      for (const purged of await purgeExpiredRuns(options.database.prisma))
        log.info(
          `tenant ${purged.tenantId}: deleted ${purged.runs} runs and ${purged.events} events created before ${purged.cutoff.toISOString()}`,
        )
    })
  if (options.reembedEverySeconds !== false)
    await services.queue.every('lessons-reembed', options.reembedEverySeconds ?? 10, () =>
      reembedDueTenants(options.database.prisma),
    )
  const timer = setInterval(
    () => void recover().catch((error) => console.error('[runs] recovery failed', (error as Error).message)),
    options.recoverEveryMs ?? 5_000,
  )
  timer.unref()
  return {
    recover,
    async stop({ graceMs = 30_000 } = {}) {
      clearInterval(timer)
      draining = true
      const stopped = services.queue.stopWorking()
      const grace = new Promise((resolve) => setTimeout(resolve, graceMs).unref())
      await Promise.race([Promise.allSettled([...active]), grace])
      watch.stop()
      await Promise.race([stopped, grace])
      await webhooks.stop()
    },
  }
}
