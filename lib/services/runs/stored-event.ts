import type { Cause } from '../../core/events/cause'
import type { LoggedEvent } from '../../core/events/event'
import { readEvent } from '../../core/events/read-event'
import type { EventKind } from '../../core/events/vocabulary'

/** A run_events row as read with Prisma. */
export type RunEventRow = {
  index: number
  type: string
  kind: string
  namespace: string
  payload: unknown
  cause: unknown
  at: Date
}

/** Converts a stored row to the export/engine shape. */
export function toLogged(row: RunEventRow): LoggedEvent {
  return readEvent({
    index: row.index,
    type: row.type,
    kind: row.kind as EventKind,
    namespace: row.namespace,
    payload: (row.payload ?? {}) as Record<string, unknown>,
    cause: row.cause as Cause,
    at: row.at.toISOString(),
  })
}
