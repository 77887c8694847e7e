import type { EngineEvent, LoggedEvent } from './event'
import { readEvent } from './read-event'
import { kindOf, namespaceOf } from './vocabulary'

const RESERVED = new Set(['type', 'index', 'cause', 'at'])

/** Converts an engine event to the export/storage shape. */
export function toLoggedEvent(event: EngineEvent): LoggedEvent {
  const payload: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(event)) if (!RESERVED.has(key)) payload[key] = value
  return readEvent({
    index: event.index,
    type: event.type,
    kind: kindOf(event.type),
    namespace: namespaceOf(event.type),
    payload,
    cause: event.cause,
    at: event.at,
  })
}

/** Converts a logged event back to the engine's flat shape. */
export function toEngineEvent(event: LoggedEvent): EngineEvent {
  return { ...event.payload, type: event.type, index: event.index, cause: event.cause, at: event.at } as EngineEvent
}
