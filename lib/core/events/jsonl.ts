/**
 * JSON Lines in the export shape: one event a line,
 * `{"index","type","kind","namespace","payload","cause","at"}`. That file is what the support
 * tools read, offline too.
 */
import type { Cause } from './cause'
import type { RawLoggedEvent } from './event'
import { EVENT_KINDS, type EventKind, kindOf, namespaceOf } from './vocabulary'

/** Bad JSON Lines input; the message names the line (1-based) and what was wrong. */
export class JsonlParseError extends Error {
  constructor(
    readonly line: number,
    detail: string,
  ) {
    super(`line ${line}: ${detail}`)
    this.name = 'JsonlParseError'
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The cause of a row written before causes were recorded (the row has no `cause`). */
export const NOT_RECORDED: Cause = { kind: 'unknown', reason: 'not recorded' }

function parseCause(value: unknown, line: number): Cause {
  if (value === undefined || value === null) return { ...NOT_RECORDED }
  const fail = (detail: string): never => {
    throw new JsonlParseError(
      line,
      `invalid "cause" (${detail}); expected {"kind":"seed"}, {"kind":"framework"}, {"kind":"handler","index":N,"handler":"…"} or {"kind":"unknown","reason":"…"}`,
    )
  }
  if (!isRecord(value)) return fail('not an object')
  switch (value.kind) {
    case 'seed':
    case 'framework':
      return { kind: value.kind }
    case 'handler':
      if (!Number.isInteger(value.index) || typeof value.handler !== 'string')
        return fail('handler cause needs an integer "index" and a string "handler"')
      return { kind: 'handler', index: value.index as number, handler: value.handler }
    case 'unknown':
      if (typeof value.reason !== 'string') return fail('unknown cause needs a string "reason"')
      return { kind: 'unknown', reason: value.reason }
    default:
      return fail(`kind ${JSON.stringify(value.kind)}`)
  }
}

/**
 * Parses one row as written (payload unchecked: `readEvent` types it); `position` is the event's
 * expected index (rows must be in log order, 0..n-1).
 */
export function parseJsonlRow(text: string, line: number, position: number): RawLoggedEvent {
  let row: unknown
  try {
    row = JSON.parse(text)
  } catch (error) {
    throw new JsonlParseError(line, `not valid JSON (${(error as Error).message})`)
  }
  if (!isRecord(row)) throw new JsonlParseError(line, 'expected a JSON object per line')
  if (!Number.isInteger(row.index)) throw new JsonlParseError(line, 'missing or non-integer "index"')
  if (row.index !== position)
    throw new JsonlParseError(line, `"index" is ${row.index}, expected ${position} (rows must be in log order, 0..n-1)`)
  if (typeof row.type !== 'string' || row.type === '') throw new JsonlParseError(line, 'missing or empty "type"')
  const kind = row.kind ?? kindOf(row.type)
  if (!EVENT_KINDS.includes(kind as EventKind))
    throw new JsonlParseError(line, `unknown "kind" ${JSON.stringify(kind)}; expected one of ${EVENT_KINDS.join(', ')}`)
  const namespace = row.namespace ?? namespaceOf(row.type)
  if (typeof namespace !== 'string') throw new JsonlParseError(line, '"namespace" must be a string')
  const payload = row.payload ?? {}
  if (!isRecord(payload)) throw new JsonlParseError(line, '"payload" must be an object')
  if (typeof row.at !== 'string') throw new JsonlParseError(line, 'missing or non-string "at" (an ISO 8601 time)')
  return {
    index: position,
    type: row.type,
    kind: kind as EventKind,
    namespace,
    payload,
    cause: parseCause(row.cause, line),
    at: row.at,
  }
}

/** Parses a whole JSON Lines export; blank lines are skipped. Throws `JsonlParseError` naming the line. */
export function parseJsonl(text: string): RawLoggedEvent[] {
  const events: RawLoggedEvent[] = []
  const lines = text.split('\n')
  for (let lineIndex = 0; lineIndex < lines.length; lineIndex++) {
    const line = lines[lineIndex].trim()
    if (line === '') continue
    events.push(parseJsonlRow(line, lineIndex + 1, events.length))
  }
  return events
}

/** Serializes one event as a JSON Lines row in the export key order. */
export function serializeJsonlRow(event: RawLoggedEvent): string {
  const { index, type, kind, namespace, payload, cause, at } = event
  return JSON.stringify({ index, type, kind, namespace, payload, cause, at })
}

/** Serializes a log as JSON Lines, one event a line, ending with a newline (empty log: empty string). */
export function serializeJsonl(events: readonly RawLoggedEvent[]): string {
  return events.map((event) => `${serializeJsonlRow(event)}\n`).join('')
}
