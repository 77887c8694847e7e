import type { z } from 'zod'
import type { EventPayload, LoggedEvent, RawLoggedEvent } from './event'
import { EVENT_TYPES, isEventType, type EventType } from './vocabulary'

/**
 * A known type's payload through its schema. A field of the wrong shape (an old or hand-written
 * log) is left out rather than failing the whole event, so one odd field never hides the rest.
 */
export function readPayload<T extends EventType>(type: T, payload: Record<string, unknown>): EventPayload<T> {
  const schema: z.ZodType = EVENT_TYPES[type].payload
  const parsed = schema.safeParse(payload)
  // The schemas only check (no transforms), so the payload itself is returned: key order and extra fields kept.
  if (parsed.success) return payload as EventPayload<T>
  const wrong = new Set(parsed.error.issues.map((issue) => issue.path[0]))
  const kept = Object.fromEntries(Object.entries(payload).filter(([field]) => !wrong.has(field)))
  return (schema.safeParse(kept).success ? kept : {}) as EventPayload<T>
}

/** The one way from a stored or imported row to a typed event: known types get their payload parsed. */
export function readEvent(raw: RawLoggedEvent): LoggedEvent {
  if (!isEventType(raw.type)) return raw as LoggedEvent
  return { ...raw, payload: readPayload(raw.type, raw.payload) } as LoggedEvent
}

/** Whether an event's type is outside the vocabulary (older or newer logs); such events carry untyped payloads. */
export function isUnknownEvent(event: { type: string }): boolean {
  return !isEventType(event.type)
}
