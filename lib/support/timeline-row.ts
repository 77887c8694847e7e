/**
 * One event as the support timeline shows it: `#index type`, kind, recorded cause, and a bounded,
 * redacted payload, all plain text (rendered as text, never as HTML).
 */
import { formatCause, type LoggedEvent } from '../events'
import { redactValue, type Redactor } from '../reflection'

/** Events per timeline page. */
export const TIMELINE_PAGE_SIZE = 100

/** The most payload characters shown per row. */
export const MAX_TIMELINE_PAYLOAD_CHARS = 600

/** A timeline row, safe to send to the browser. */
export type TimelineRow = { index: number; type: string; kind: string; cause: string; payload: string; at: string }

/** Converts an event to a row: payload redacted deeply, then bounded. */
export function toTimelineRow(event: LoggedEvent, redactor: Redactor): TimelineRow {
  const text = JSON.stringify(redactValue(event.payload, redactor)) ?? '{}'
  const payload =
    text.length > MAX_TIMELINE_PAYLOAD_CHARS
      ? `${text.slice(0, MAX_TIMELINE_PAYLOAD_CHARS)}… (+${text.length - MAX_TIMELINE_PAYLOAD_CHARS} chars)`
      : text
  return {
    index: event.index,
    type: event.type,
    kind: event.kind,
    cause: event.cause ? formatCause(event.cause) : 'unknown, not recorded',
    payload,
    at: event.at,
  }
}

/** A page of timeline rows and where it sits in the log. */
export type TimelinePage = { page: number; pageSize: number; total: number; rows: TimelineRow[] }

/** The page (0-based) that holds an event. */
export function timelinePageOf(index: number, pageSize = TIMELINE_PAGE_SIZE): number {
  return Math.max(0, Math.floor(index / pageSize))
}
