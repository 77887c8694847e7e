/**
 * One event as the support timeline shows it: `#index type`, kind, recorded cause, and a bounded,
 * redacted payload, all plain text (rendered as text, never as HTML).
 */
import { formatCause, type LoggedEvent } from '../../core/events'
import { redactValue, type Redactor } from '../../core/reflection'

/** Events per timeline page. */
export const TIMELINE_PAGE_SIZE = 100

/** The most payload characters shown per row. */
export const MAX_TIMELINE_PAYLOAD_CHARS = 600

/** Values longer than this are folded (shown on request) in the timeline. */
export const FOLDED_VALUE_CHARS = 160

/** One payload field as readable text: strings as they are, other values as compact JSON; `long` ones are folded. */
export type TimelineField = { name: string; value: string; long: boolean }

/** A timeline row, safe to send to the browser. */
export type TimelineRow = {
  index: number
  type: string
  kind: string
  cause: string
  fields: TimelineField[]
  at: string
}

const bounded = (text: string) =>
  text.length > MAX_TIMELINE_PAYLOAD_CHARS
    ? `${text.slice(0, MAX_TIMELINE_PAYLOAD_CHARS)}… (+${text.length - MAX_TIMELINE_PAYLOAD_CHARS} chars)`
    : text

/** Converts an event to a row: each field redacted deeply, rendered as text, then bounded. */
export function toTimelineRow(event: LoggedEvent, redactor: Redactor): TimelineRow {
  const redacted = redactValue(event.payload, redactor) as Record<string, unknown>
  const fields = Object.entries(redacted ?? {}).map(([name, value]) => {
    const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))
    return { name, value: bounded(text), long: text.length > FOLDED_VALUE_CHARS || text.includes('\n') }
  })
  return {
    index: event.index,
    type: event.type,
    kind: event.kind,
    cause: event.cause ? formatCause(event.cause) : 'unknown, not recorded',
    fields,
    at: event.at,
  }
}

/** A page of timeline rows and where it sits in the log. */
export type TimelinePage = { page: number; pageSize: number; total: number; rows: TimelineRow[] }

/** The page (0-based) that holds an event. */
export function timelinePageOf(index: number, pageSize = TIMELINE_PAGE_SIZE): number {
  return Math.max(0, Math.floor(index / pageSize))
}
