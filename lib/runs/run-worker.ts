import type { Database } from '../db/client'
import { CancellationWatch } from './cancellation-watch'
import { executeRun, type ExecutorOptions } from './execute-run'
import { recoverRuns } from './recover-runs'
import { runServicesFor } from './run-services'

/** Options of a worker process (or of the in-process worker of an app server). */
export type RunWorkerOptions = Partial<ExecutorOptions> & {
  database: Database
  concurrency: number
  recoverEveryMs?: number
}

/** A started worker. */
export type RunWorker = { stop(): Promise<void>; recover(): ReturnType<typeof recoverRuns> }

/** Delay before a run whose tenant is at its concurrency limit is tried again. */
const TENANT_BUSY_DELAY_SECONDS = 2

/**
 * Starts executing runs from the queue: `concurrency` at a time in this process, at most
 * `tenantConcurrency` per tenant across all workers; recovers lost runs at start and periodically.
 */
export async function startRunWorker(options: RunWorkerOptions): Promise<RunWorker> {
  const services = runServicesFor(options.database)
  const watch = new CancellationWatch(options.database.prisma)
  const executor: ExecutorOptions = {
    tenantConcurrency: options.tenantConcurrency ?? 4,
    retry: options.retry,
    embedder: options.embedder,
    workerLabel: options.workerLabel,
    outboundPolicy: options.outboundPolicy,
  }
  const recover = () => recoverRuns(services, watch, executor)
  await recover()
  await services.queue.work(options.concurrency, async (job) => {
    try {
      const outcome = await executeRun(services, watch, job.runId, executor)
      if (outcome === 'deferred') await services.queue.enqueue(job, { delaySeconds: TENANT_BUSY_DELAY_SECONDS })
    } catch (error) {
      console.error(`[runs] run ${job.runId} failed in the worker`, error instanceof Error ? error.message : error)
      throw error
    }
  })
  const timer = setInterval(
    () => void recover().catch((error) => console.error('[runs] recovery failed', (error as Error).message)),
    options.recoverEveryMs ?? 30_000,
  )
  timer.unref()
  return {
    recover,
    async stop() {
      clearInterval(timer)
      watch.stop()
      await services.queue.stopWorking()
    },
  }
}
