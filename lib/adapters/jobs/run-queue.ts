import 'server-only'
import { logger } from '../log'
import PgBoss from 'pg-boss'
import type { Database } from '../db/client'
import { JobPoller, stopPollers, type Poller } from './job-poller'

const log = logger().child({ component: 'queue' })

/** The queue runs wait in. */
export const RUNS_QUEUE = 'runs'

/** A queued job: one run to execute. */
export type RunJob = { runId: string; tenantId: string }

/** How runs reach workers: pg-boss on PostgreSQL, and on the embedded PGlite through `executeSql`. */
export interface RunQueue {
  /** Enqueues a run (at most one waiting job per run); `delaySeconds` postpones it. */
  enqueue(job: RunJob, options?: { delaySeconds?: number }): Promise<void>
  /** Starts `concurrency` workers calling `handler` per job. */
  work(concurrency: number, handler: (job: RunJob) => Promise<void>): Promise<void>
  /**
   * Runs `handler` about every `everySeconds` seconds on ONE worker of the whole deployment: each
   * process offers a pg-boss job per period and the singleton key lets one of them through.
   */
  every(name: string, everySeconds: number, handler: () => Promise<void>): Promise<void>
  /** Stops this process's workers (jobs in hand finish); enqueueing keeps working. */
  stopWorking(): Promise<void>
  stop(): Promise<void>
}

/**
 * 'short': at most one WAITING job per run (singletonKey), any number active. Not 'stately': it also
 * allows one active job per key, and pg-boss's fetch swallows the unique violation when the oldest
 * waiting job's key is still active — so a job left active by a killed worker blocked the whole
 * queue (every tenant) until it expired. Two active jobs of one run are harmless: the run lease lets one execute.
 */
const QUEUE_POLICY = 'short'

/** How long a job may stay active before pg-boss expires it (a retried job of a finished run does nothing). */
const EXPIRE_SECONDS = 60 * 60

/** pg-boss's `db` option over PGlite: parameterless (possibly multi-statement) SQL must go through `exec`. */
export function pgBossExecutorFor(database: Database) {
  const pg = database.embedded!
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return pg.query(text, values as never[])
      const results = await pg.exec(text)
      return results[results.length - 1] ?? { rows: [] }
    },
  }
}

class PgBossQueue implements RunQueue {
  private started: Promise<void> | null = null
  private readonly pollers: Poller[] = []
  /** Run workers of this process that are between jobs (polling or asleep), longest idle first. */
  private readonly idlePollers = new Set<JobPoller<RunJob>>()
  /** Timers offering periodic jobs (see `every`). */
  private readonly timers: NodeJS.Timeout[] = []

  constructor(private readonly boss: PgBoss) {
    boss.on('error', (error) => log.error({ detail: error.message }, 'queue error'))
  }

  private start(): Promise<void> {
    this.started ??= (async () => {
      await this.boss.start()
      const queue = await this.boss.getQueue(RUNS_QUEUE)
      if (!queue) await this.boss.createQueue(RUNS_QUEUE, { name: RUNS_QUEUE, policy: QUEUE_POLICY })
      else if (queue.policy !== QUEUE_POLICY)
        await this.boss.updateQueue(RUNS_QUEUE, { name: RUNS_QUEUE, policy: QUEUE_POLICY })
    })()
    return this.started
  }

  async enqueue(job: RunJob, options: { delaySeconds?: number } = {}): Promise<void> {
    await this.start()
    await this.boss.send(RUNS_QUEUE, job, {
      singletonKey: job.runId,
      expireInSeconds: EXPIRE_SECONDS,
      retryLimit: 2,
      retryDelay: 5,
      ...(options.delaySeconds ? { startAfter: options.delaySeconds } : {}),
    })
    if (!options.delaySeconds) this.wake()
  }

  /**
   * A new job needs one worker, not all: wake one idle worker, so it fetches now. Waking every
   * worker made each send cost a fetch query per idle worker (50 fetches per submit with 50 slots),
   * which queued the submits' own queries behind them. With no idle worker, the busy ones are flagged
   * to fetch again as soon as their job ends instead of sleeping out the polling interval. A delayed
   * job wakes nobody: it cannot be fetched before its time, and polling finds it then.
   */
  private wake(): void {
    const [idle] = this.idlePollers
    if (idle !== undefined) {
      // To the back of the line: the next job wakes another idle worker.
      this.idlePollers.delete(idle)
      this.idlePollers.add(idle)
      idle.notify()
      return
    }
    for (const poller of this.pollers) poller.notify()
  }

  async work(concurrency: number, handler: (job: RunJob) => Promise<void>): Promise<void> {
    await this.start()
    for (let slot = 0; slot < concurrency; slot++) {
      const poller: JobPoller<RunJob> = new JobPoller<RunJob>(
        this.boss,
        RUNS_QUEUE,
        {
          pollingIntervalSeconds: 1,
          onBusyChange: (busy) => {
            if (busy) this.idlePollers.delete(poller)
            else if (this.pollers.includes(poller)) this.idlePollers.add(poller)
          },
        },
        handler,
      )
      this.idlePollers.add(poller)
      this.add(poller)
    }
  }

  private add(poller: Poller): void {
    this.pollers.push(poller)
    poller.start()
  }

  async every(name: string, everySeconds: number, handler: () => Promise<void>): Promise<void> {
    await this.start()
    if (!(await this.boss.getQueue(name))) await this.boss.createQueue(name, { name, policy: 'singleton' })
    const offer = () =>
      this.boss
        .send(name, {}, { singletonKey: name, singletonSeconds: everySeconds, retryLimit: 0 })
        .catch((error: Error) => log.error({ err: error }, `could not schedule ${name}`))
    this.add(new JobPoller(this.boss, name, { pollingIntervalSeconds: 5 }, () => handler()))
    await offer()
    const timer = setInterval(() => void offer(), Math.max(1, everySeconds / 2) * 1000)
    timer.unref()
    this.timers.push(timer)
  }

  async stopWorking(): Promise<void> {
    for (const timer of this.timers.splice(0)) clearInterval(timer)
    const pollers = this.pollers.splice(0)
    this.idlePollers.clear()
    await Promise.all(pollers.map((poller) => poller.stop()))
  }

  async stop(): Promise<void> {
    if (!this.started) return
    for (const timer of this.timers.splice(0)) clearInterval(timer)
    await stopPollers(this.pollers.splice(0), STOP_TIMEOUT_MS)
    this.idlePollers.clear()
    await this.boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS })
  }
}

/** How long `stop()` waits for the jobs in hand before failing them (pg-boss retries them elsewhere). */
const STOP_TIMEOUT_MS = 10_000

/** The run queue for a database: pg-boss over its URL, or over the embedded PGlite. */
export function createRunQueue(database: Database): RunQueue {
  const boss = database.url
    ? new PgBoss({ connectionString: database.url, max: 4, application_name: 'reflexion-runs-queue', schedule: false })
    : new PgBoss({ db: pgBossExecutorFor(database), schedule: false } as never)
  return new PgBossQueue(boss)
}
