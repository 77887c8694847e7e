import 'server-only'
import { logger } from '../../adapters/log'
import pg from 'pg'
import type { Database } from '../../adapters/db/client'
import { RUN_EVENTS_CHANNEL } from './event-writer'

const log = logger().child({ component: 'runs' })

type Listener = (lastIndex: number) => void

/**
 * Wakes live streams when a run's log grows, whichever process wrote it: one LISTEN per app
 * server (a dedicated pg.Client on PostgreSQL, `pg.listen` on PGlite) fanned out to every
 * subscribed stream. Streams also poll, so a lost connection only delays them.
 */
export class LogFollower {
  private readonly listeners = new Map<string, Set<Listener>>()
  private client: pg.Client | null = null
  private connecting: Promise<void> | null = null

  constructor(private readonly database: Database) {}

  /** Calls `listener` with the run's last index on every append; returns the unsubscribe function. */
  subscribe(runId: string, listener: Listener): () => void {
    let set = this.listeners.get(runId)
    if (!set) this.listeners.set(runId, (set = new Set()))
    set.add(listener)
    void this.ensureListening()
    return () => {
      set.delete(listener)
      if (set.size === 0) this.listeners.delete(runId)
    }
  }

  private dispatch(payload: string | undefined): void {
    const [runId, index] = (payload ?? '').split(':')
    for (const listener of this.listeners.get(runId) ?? []) listener(Number(index))
  }

  private ensureListening(): Promise<void> {
    this.connecting ??= this.listen().catch((error) => {
      log.error({ err: error }, 'LISTEN failed; live streams fall back to polling')
      this.connecting = null
    })
    return this.connecting
  }

  private async listen(): Promise<void> {
    if (this.database.embedded) {
      await this.database.embedded.listen(RUN_EVENTS_CHANNEL, (payload) => this.dispatch(payload))
      return
    }
    const client = new pg.Client({ connectionString: this.database.url!, application_name: 'reflexion-log-follower' })
    client.on('notification', (message) => this.dispatch(message.payload))
    client.on('error', () => {
      this.client = null
      this.connecting = null
      void client.end().catch(() => undefined)
    })
    await client.connect()
    await client.query(`LISTEN ${RUN_EVENTS_CHANNEL}`)
    this.client = client
  }
}

const followers = new WeakMap<Database, LogFollower>()

/** The app server's follower for a database. */
export function logFollowerFor(database: Database): LogFollower {
  let follower = followers.get(database)
  if (!follower) followers.set(database, (follower = new LogFollower(database)))
  return follower
}
