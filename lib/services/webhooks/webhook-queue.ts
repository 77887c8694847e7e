import 'server-only'
import PgBoss from 'pg-boss'
import type { Database } from '../../adapters/db/client'
import { logger } from '../../adapters/log'
import { JobPoller, stopPollers } from '../../adapters/jobs/job-poller'
import { pgBossExecutorFor } from '../../adapters/jobs/run-queue'

const log = logger().child({ component: 'webhooks' })

/** The queue deliveries wait in. */
export const WEBHOOKS_QUEUE = 'webhooks'

/** A delivery job. */
export type WebhookJob = { deliveryId: string }

/** Retries of a failing delivery: pg-boss backs off exponentially from `retryDelaySeconds`. */
export type WebhookRetryPolicy = { attempts: number; retryDelaySeconds: number }

/** The default: 6 attempts over about a minute and a half (2, 4, 8, 16, 32 s apart). */
export const DEFAULT_WEBHOOK_RETRY: WebhookRetryPolicy = { attempts: 6, retryDelaySeconds: 2 }

/** Webhook deliveries through pg-boss on the app's database (PostgreSQL, or the embedded PGlite). */
export class WebhookQueue {
  private started: Promise<void> | null = null
  private poller: JobPoller<WebhookJob> | null = null
  /** Set by stop(): a stopped pg-boss does not start again, so webhookQueueFor makes a new queue. */
  stopped = false

  constructor(
    private readonly boss: PgBoss,
    /** This process's retry policy; the latest worker's policy wins (see webhookQueueFor). */
    public retry: WebhookRetryPolicy,
  ) {
    boss.on('error', (error) => log.error({ detail: error.message }, 'queue error'))
  }

  private start(): Promise<void> {
    this.started ??= (async () => {
      await this.boss.start()
      if (!(await this.boss.getQueue(WEBHOOKS_QUEUE))) await this.boss.createQueue(WEBHOOKS_QUEUE)
    })()
    return this.started
  }

  /** Sends a delivery job, retried with exponential backoff while the receiver fails. */
  async send(job: WebhookJob): Promise<void> {
    await this.start()
    await this.boss.send(WEBHOOKS_QUEUE, job, {
      retryLimit: this.retry.attempts - 1,
      retryDelay: this.retry.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: 120,
    })
  }

  /** Delivers jobs in this process; a thrown error makes pg-boss retry the job later. */
  async work(handler: (job: WebhookJob) => Promise<void>): Promise<void> {
    await this.start()
    this.poller = new JobPoller(this.boss, WEBHOOKS_QUEUE, { pollingIntervalSeconds: 1 }, handler)
    this.poller.start()
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (!this.started) return
    if (this.poller) await stopPollers([this.poller], 10_000)
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 })
  }
}

const queues = new WeakMap<Database, WebhookQueue>()

/**
 * This process's webhook queue for a database: made on first use and again after a stop (a worker
 * that stopped and started again got the stopped queue back and never delivered). A retry policy
 * given here replaces the one the queue was made with (a sender may have made it with the default).
 */
export function webhookQueueFor(database: Database, retry?: WebhookRetryPolicy): WebhookQueue {
  let queue = queues.get(database)
  if (!queue || queue.stopped) {
    const boss = database.url
      ? new PgBoss({ connectionString: database.url, max: 2, application_name: 'reflexion-webhooks', schedule: false })
      : new PgBoss({ db: pgBossExecutorFor(database), schedule: false } as never)
    queue = new WebhookQueue(boss, retry ?? DEFAULT_WEBHOOK_RETRY)
    queues.set(database, queue)
  } else if (retry) queue.retry = retry
  return queue
}
