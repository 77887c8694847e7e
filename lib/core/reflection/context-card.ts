/**
 * The context card: a small, bounded text block for a prompt — size, status, attempts,
 * anomalies (capped) and the last few events — inviting the agent to drill in with query_log.
 * Its length does not grow with the log.
 */
import { anomalyLines, attemptLine } from './ops-summary'
import type { ReflectionData } from './reflection-data'
import { statusPhrase } from './reflection-data'
import { boundText, eventLine } from './render'

/** The longest line a card shows: with the line count capped, the card stays small whatever the log holds. */
export const MAX_CARD_LINE_CHARS = 400

/** The most recent events a card may show, whatever `tail` asks. */
export const MAX_CONTEXT_TAIL = 20

/** Renders the card; `tail` is how many of the last events to show (0..20). */
export function contextCard(data: ReflectionData, tail = 3): string {
  if (!Number.isInteger(tail) || tail < 0) throw new RangeError(`tail must be a non-negative integer, got ${tail}`)
  const total = data.events.length
  const shown = Math.min(tail, MAX_CONTEXT_TAIL, total)
  const recent = data.events.slice(total - shown).map((event) => `  ${eventLine(event, data.redactor)}`)
  return [
    `[run context] ${total} events, status: ${statusPhrase(data)} — use the query_log tool to inspect the event log`,
    attemptLine(data),
    ...anomalyLines(data),
    shown > 0 ? `recent events (last ${shown} of ${total}):` : 'recent events: (none)',
    ...recent,
  ]
    .map((line) => boundText(line, MAX_CARD_LINE_CHARS))
    .join('\n')
}
