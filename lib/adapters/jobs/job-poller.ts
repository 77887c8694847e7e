import 'server-only'
import type PgBoss from 'pg-boss'
import { logger } from '../log'

const log = logger().child({ component: 'queue' })

/** What a poller needs of pg-boss: fetching a job and recording its outcome. */
export type JobStore = Pick<PgBoss, 'fetch' | 'complete' | 'fail'>

/** How a poller works one queue. */
export type JobPollerOptions = {
  /** The pause between fetches that found nothing (pg-boss's `pollingIntervalSeconds`). */
  pollingIntervalSeconds: number
  /** Called as a job is taken and as it is settled (idle tracking for `notify`). */
  onBusyChange?: (busy: boolean) => void
}

/**
 * One worker slot of a pg-boss queue, driven by us instead of `boss.work()`: pg-boss 10 does not await
 * the `complete()`/`fail()` it issues after a handler (manager.js, watch → onFetch), so when the
 * database is unreachable at that moment the rejection is unhandled and Node exits with every run of
 * the process. Here the outcome write is awaited and its failure logged: the job stays active, and
 * recovery (or pg-boss's expiry) settles it. Same loop as pg-boss's Worker: fetch one job, handle it,
 * sleep out the polling interval unless notified.
 */
export class JobPoller<T extends object> {
  private stopping = false
  private notified = false
  private wakeSleeper: (() => void) | null = null
  private loop: Promise<void> | null = null
  /** The id of the job being handled, if any. */
  private jobInHand: string | null = null

  constructor(
    private readonly store: JobStore,
    private readonly queue: string,
    private readonly options: JobPollerOptions,
    private readonly handler: (data: T) => Promise<void>,
  ) {}

  /** Starts polling (once). */
  start(): void {
    this.loop ??= this.poll()
  }

  /** Fetches again now (or right after the job in hand) instead of sleeping out the interval. */
  notify(): void {
    this.notified = true
    this.wakeSleeper?.()
  }

  /** Takes no new job; resolves once the job in hand, if any, is handled and its outcome recorded. */
  stop(): Promise<void> {
    this.stopping = true
    this.wakeSleeper?.()
    return this.loop ?? Promise.resolve()
  }

  /** For a shutdown that cannot wait longer: fails the job still in hand so pg-boss retries it elsewhere. */
  async abandon(reason: string): Promise<void> {
    const id = this.jobInHand
    if (id) await this.record('fail', id, () => this.store.fail(this.queue, id, { message: reason }))
  }

  private async poll(): Promise<void> {
    while (!this.stopping) {
      const started = Date.now()
      this.notified = false
      const job = await this.fetch()
      if (job) await this.handle(job)
      const rest = this.options.pollingIntervalSeconds * 1000 - (Date.now() - started)
      if (!this.stopping && !this.notified && rest > 100) await this.sleep(rest)
    }
  }

  private async fetch(): Promise<PgBoss.Job<T> | undefined> {
    try {
      const [job] = await this.store.fetch<T>(this.queue, { batchSize: 1 })
      return job
    } catch (error) {
      log.error({ err: error, queue: this.queue }, 'could not fetch a job')
      return undefined
    }
  }

  private async handle(job: PgBoss.Job<T>): Promise<void> {
    this.jobInHand = job.id
    this.options.onBusyChange?.(true)
    try {
      let failure: unknown = null
      try {
        await withinSeconds(this.handler(job.data), job.expireInSeconds)
      } catch (error) {
        failure = error ?? new Error('job failed')
      }
      if (failure === null) await this.record('complete', job.id, () => this.store.complete(this.queue, job.id))
      else await this.record('fail', job.id, () => this.store.fail(this.queue, job.id, errorData(failure)))
    } finally {
      this.jobInHand = null
      this.options.onBusyChange?.(false)
    }
  }

  /** Writes a job's outcome; a database that is unreachable now must not end the process. */
  private async record(outcome: 'complete' | 'fail', jobId: string, write: () => Promise<unknown>): Promise<void> {
    try {
      await write()
    } catch (error) {
      log.error(
        { err: error, queue: this.queue, jobId, outcome },
        'could not record a job outcome (database unreachable?); the job stays active until recovery or expiry settles it',
      )
    }
  }

  private sleep(milliseconds: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer)
        this.wakeSleeper = null
        resolve()
      }
      const timer = setTimeout(wake, milliseconds)
      this.wakeSleeper = wake
    })
  }
}

/** What a queue keeps of its pollers, whatever their job type. */
export type Poller = Pick<JobPoller<object>, 'start' | 'notify' | 'stop' | 'abandon'>

/**
 * Stops pollers: no new jobs; the jobs in hand get `timeoutMs` to finish, then are failed so pg-boss
 * retries them (what pg-boss's graceful stop does for its own workers).
 */
export async function stopPollers(pollers: Poller[], timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const stopped = Promise.all(pollers.map((poller) => poller.stop())).then(() => true)
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)))
  const inTime = await Promise.race([stopped, late])
  clearTimeout(timer)
  if (!inTime)
    await Promise.all(pollers.map((poller) => poller.abandon('the worker shut down while the job was active')))
}

/** A job handler's promise, rejected once the job's expiry passes (pg-boss's `resolveWithinSeconds`). */
async function withinSeconds(work: Promise<void>, seconds: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const expired = new Promise<never>((_, reject) => {
    const milliseconds = Math.max(1, seconds) * 1000
    timer = setTimeout(() => reject(new Error(`handler execution exceeded ${milliseconds}ms`)), milliseconds)
  })
  try {
    await Promise.race([work, expired])
  } finally {
    clearTimeout(timer)
  }
}

/** The output pg-boss stores for a failed job (it serializes an Error's message and stack). */
function errorData(error: unknown): object {
  return error instanceof Error ? error : { message: String(error) }
}
