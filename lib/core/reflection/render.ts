/**
 * Rendering of events and values as the spec prints them: `#index type(field=value, …)` lines
 * with values bounded (40 characters in listings, 2,000 in get/state), redacted first.
 */
import type { RawLoggedEvent } from '../events'
import { redactValue, type Redactor } from './redact'

/** Bound on one value in listings, context lines and evidence. */
export const LISTING_VALUE_LIMIT = 40
/** Bound on one value in `get` and `state`. */
export const FULL_VALUE_LIMIT = 2000
/** Bound on a type, namespace or field name wherever a line shows it (a crafted log can hold huge names). */
export const NAME_LIMIT = 60
/** At most this many fields are shown on one event line. */
export const LINE_FIELD_LIMIT = 6
// Strings are redacted over a window a little past the bound, so the cost stays bounded too.
const REDACTION_WINDOW = 1024

/** Cuts text to `limit` characters, marking the cut; `detailed` adds how many characters were left off. */
export function boundText(text: string, limit: number, detailed = false): string {
  if (text.length <= limit) return text
  return detailed ? `${text.slice(0, limit)}… (+${text.length - limit} chars)` : `${text.slice(0, limit)}…`
}

function redactedString(text: string, limit: number, redactor: Redactor): string {
  const window = text.length > limit + REDACTION_WINDOW ? text.slice(0, limit + REDACTION_WINDOW) : text
  return redactor.redactText(window)
}

/** A type, namespace or field name, bounded at NAME_LIMIT. */
export function boundName(name: string): string {
  return boundText(name, NAME_LIMIT)
}

/** A value as a listing shows it: strings quoted (`'…'`), others as compact JSON, bounded at 40. */
export function renderShortValue(value: unknown, redactor: Redactor, field?: string): string {
  const redacted =
    typeof value === 'string' && !(field && redactor.isSensitiveField(field))
      ? redactedString(value, LISTING_VALUE_LIMIT, redactor)
      : redactValue(value, redactor, field)
  if (typeof redacted === 'string') {
    const escaped = redacted.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/'/g, "\\'")
    return `'${boundText(escaped, LISTING_VALUE_LIMIT)}'`
  }
  return boundText(JSON.stringify(redacted) ?? 'undefined', LISTING_VALUE_LIMIT)
}

/** A value as `get`/`state` show it: one line of JSON, bounded at 2,000 with the overflow counted. */
export function renderFullValue(value: unknown, redactor: Redactor, field?: string): string {
  const redacted =
    typeof value === 'string' && !(field && redactor.isSensitiveField(field))
      ? redactor.redactText(value)
      : redactValue(value, redactor, field)
  return boundText(JSON.stringify(redacted) ?? 'undefined', FULL_VALUE_LIMIT, true)
}

/** One event as `#index type(field=value, …)`, at most six fields, values bounded at 40. */
export function eventLine(event: RawLoggedEvent, redactor: Redactor): string {
  const entries = Object.entries(event.payload)
  const shown = entries
    .slice(0, LINE_FIELD_LIMIT)
    .map(([field, value]) => `${boundName(field)}=${renderShortValue(value, redactor, field)}`)
  if (entries.length > LINE_FIELD_LIMIT) shown.push(`…+${entries.length - LINE_FIELD_LIMIT} fields`)
  return `#${event.index} ${boundName(event.type)}(${shown.join(', ')})`
}

/** A list of positions as `#a, #b, …`, keeping the first (or last) `cap` and counting the rest. */
export function positionList(positions: readonly number[], cap: number, keep: 'first' | 'last'): string {
  if (positions.length === 0) return '(none)'
  if (positions.length <= cap) return positions.map((position) => `#${position}`).join(', ')
  const rest = positions.length - cap
  if (keep === 'first')
    return `${positions
      .slice(0, cap)
      .map((position) => `#${position}`)
      .join(', ')} … ${rest} more (${positions.length} in all)`
  return `… ${rest} earlier, ${positions
    .slice(-cap)
    .map((position) => `#${position}`)
    .join(', ')} (${positions.length} in all)`
}
