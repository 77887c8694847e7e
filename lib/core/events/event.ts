import type { z } from 'zod'
import type { Cause } from './cause'
import type { EventKind, EventType, EVENT_TYPES } from './vocabulary'

/** The typed payload of a known event type (extra fields pass through as `unknown`). */
export type EventPayload<T extends EventType> = z.output<(typeof EVENT_TYPES)[T]['payload']>

/**
 * The type name of an event outside the vocabulary (from an older or newer log). Typed apart from
 * the known names, which it never equals (`readEvent` makes sure), so that comparing `event.type`
 * with a known name narrows the payload to that type's schema.
 */
export type UnknownEventType = `unknown:${string}` & { readonly outsideVocabulary: true }

/**
 * A logged event as written, payload unchecked: the database row, the JSON Lines row, and what
 * Reflection queries (it answers about any log, so it never reshapes a payload). `readEvent` types it.
 */
export type RawLoggedEvent = {
  index: number
  type: string
  kind: EventKind
  namespace: string
  payload: Record<string, unknown>
  cause: Cause
  at: string
}

type Envelope = { index: number; kind: EventKind; namespace: string; cause: Cause; at: string }

/** A logged event of a known type, its payload parsed by the type's schema. */
export type KnownLoggedEvent<T extends EventType = EventType> = {
  [Type in T]: Envelope & { type: Type; payload: EventPayload<Type> }
}[T]

/** A logged event of a type outside the vocabulary: kept as it was written, reported generically. */
export type UnknownLoggedEvent = Envelope & { type: UnknownEventType; payload: Record<string, unknown> }

/**
 * An event in the export shape: one JSON Lines row of a run's log, and what the database stores.
 * A discriminated union on `type`: every way out of the log (`readEvent`) parses known payloads.
 */
export type LoggedEvent = KnownLoggedEvent | UnknownLoggedEvent

type EngineFields = { index: number; cause: Cause; at: string }

/**
 * An event as the engine emits it: `{ type, ...fields }` plus its position in the run's log,
 * its recorded cause and its time. `index`, `type`, `cause` and `at` are reserved; everything
 * else is the payload.
 */
export type EngineEvent =
  | { [Type in EventType]: EngineFields & { type: Type } & EventPayload<Type> }[EventType]
  | (EngineFields & { type: UnknownEventType; [field: string]: unknown })
