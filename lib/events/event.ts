import type { Cause } from './cause'
import type { EventKind } from './vocabulary'

/**
 * An event as the engine emits it: `{ type, ...fields }` plus its position in the run's log,
 * its recorded cause and its time. `index`, `type`, `cause` and `at` are reserved; everything
 * else is the payload.
 */
export type EngineEvent = {
  type: string
  index: number
  cause: Cause
  at: string
  [field: string]: unknown
}

/** An event in the export shape: one JSON Lines row of a run's log, and what the database stores. */
export type LoggedEvent = {
  index: number
  type: string
  kind: EventKind
  namespace: string
  payload: Record<string, unknown>
  cause: Cause
  at: string
}
