import 'server-only'
import { logger } from '../log'
import pg from 'pg'
import type { Database } from '../db/client'

const log = logger().child({ component: 'runs' })

/**
 * Who is executing a run, without a lease column: a session-level advisory lock per run held
 * on one dedicated connection of the executing process. When that process dies (even kill -9) its
 * connection closes and PostgreSQL releases the locks, so a run whose lock can be taken while its
 * status is `running` has lost its worker. On the embedded database one process owns everything,
 * so the process's own set is the whole truth.
 */
export interface RunLeases {
  /** Takes the run's lease, or returns false when anybody (this process included) holds it. */
  tryAcquire(runId: string): Promise<boolean>
  /** Gives the lease back. */
  release(runId: string): Promise<void>
  close(): Promise<void>
}

const LOCK_CLASS = 7007

class LocalLeases implements RunLeases {
  protected readonly held = new Set<string>()
  async tryAcquire(runId: string): Promise<boolean> {
    if (this.held.has(runId)) return false
    this.held.add(runId)
    return true
  }
  async release(runId: string): Promise<void> {
    this.held.delete(runId)
  }
  async close(): Promise<void> {}
}

class AdvisoryLeases extends LocalLeases {
  /**
   * Runs whose lock PostgreSQL granted. Only these are re-taken on a new connection: re-taking a run
   * whose acquire is still in flight locked it twice (session locks nest), one release left it locked,
   * and every other worker skipped its job for good.
   */
  private readonly locked = new Set<string>()
  private client: Promise<pg.Client> | null = null
  private turn: Promise<void> = Promise.resolve()
  constructor(private readonly url: string) {
    super()
  }
  /**
   * The lock connection, reconnected after it is lost (a PostgreSQL restart ends it and with it every
   * lock): the next connection re-takes the locks of the runs this process still executes, so other
   * workers do not take them for lost. A connection that fails to open is not cached.
   */
  private connection(): Promise<pg.Client> {
    if (this.client) return this.client
    const connecting: Promise<pg.Client> = (async () => {
      const client = new pg.Client({ connectionString: this.url, application_name: 'reflexion-run-leases' })
      const lost = (message: string) => {
        if (this.client !== connecting) return
        log.error({ detail: message }, 'lease connection lost')
        this.client = null
        setTimeout(() => void this.connection().catch(() => undefined), 1_000).unref()
      }
      client.on('error', (error) => lost(error.message))
      client.on('end', () => lost('connection ended'))
      await client.connect()
      for (const runId of this.locked) {
        const { rows } = await client.query<{ locked: boolean }>(
          'SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked',
          [LOCK_CLASS, runId],
        )
        if (!rows[0].locked) {
          this.locked.delete(runId)
          log.error(`lease of run ${runId} was taken over while the lock connection was down`)
        }
      }
      return client
    })()
    this.client = connecting
    connecting.catch(() => {
      if (this.client === connecting) this.client = null
    })
    return connecting
  }
  /**
   * One query at a time on the lock connection: concurrent acquires and releases wait their turn
   * (pg 8 queues overlapping queries itself but deprecates it; pg 9 refuses them). A failed query
   * does not block the ones behind it.
   */
  private query<Row extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<pg.QueryResult<Row>> {
    const result = this.turn.then(async () => (await this.connection()).query<Row>(text, values))
    this.turn = result.then(
      () => undefined,
      () => undefined,
    )
    return result
  }
  override async tryAcquire(runId: string): Promise<boolean> {
    if (!(await super.tryAcquire(runId))) return false
    try {
      const { rows } = await this.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked',
        [LOCK_CLASS, runId],
      )
      if (rows[0].locked) this.locked.add(runId)
      else this.held.delete(runId)
      return rows[0].locked
    } catch (error) {
      // Not acquired: forget it, or the reconnected lock connection would re-take (and hold forever)
      // the lease of a run this process is not executing, and no worker could ever end or run it.
      this.held.delete(runId)
      throw error
    }
  }
  override async release(runId: string): Promise<void> {
    if (!this.held.has(runId)) return
    this.held.delete(runId)
    this.locked.delete(runId)
    await this.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS, runId])
  }
  override async close(): Promise<void> {
    const client = this.client
    this.client = null
    if (client) await (await client.catch(() => null))?.end().catch(() => undefined)
  }
}

const cache = new WeakMap<Database, RunLeases>()

/** The process's leases for a database (one lock connection per process on PostgreSQL). */
export function runLeasesFor(database: Database): RunLeases {
  let leases = cache.get(database)
  if (!leases) cache.set(database, (leases = database.url ? new AdvisoryLeases(database.url) : new LocalLeases()))
  return leases
}
