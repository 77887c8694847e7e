/**
 * Every event that signals trouble, known type or not: types whose name signals a failure are
 * read in full; the others are screened on their listing lines and read in full when a line
 * shows a failure-like field (or is cut short). The rule itself is `failureSignal`.
 */
import { type AnomalyCategory, failureSignal } from './failure-signal'
import type { LogReader } from './log-reader'
import {
  ACTOR_FIELDS,
  describePayload,
  OUTPUT_FIELDS,
  pickField,
  textField,
  TOOL_NAME_FIELDS,
  valueText,
} from './payload-fields'
import type { EventFacts } from './tool-output'

/** One anomaly: the event, what kind of trouble, the message it carries and who did it (if said). */
export type Anomaly = {
  position: number
  type: string
  category: AnomalyCategory
  message: string | null
  /** The tool or component it is about, when a field names one. */
  subject: string | null
  actor: string | null
  attempt: number | null
  facts: EventFacts
}

/** At most this many events of one type are read in full when screening. */
export const MAX_READ_PER_TYPE = 40
/** Types with at most this many events have their cut-short listing lines read in full. */
export const MAX_READ_TRUNCATED = 12

const LINE_HINT =
  /\b(error|errors|errorMessage|exception|fault|failure|stack)=|isError=true|failed=true|\bok=false|success=false|(status|state|outcome|result|finishReason)='(error|errored|failed?|failure|timeout|timed.?out|denied|refused|rejected|crashed|aborted|cancell?ed|interrupted|exceeded|invalid|unavailable|killed|lost|blocked)'|(status|statusCode|httpStatus|code)=[45]\d\d\b/i
const TRUNCATED = /…\+\d+ fields\)$/

// "cancelled by u-1", "stopped by Grace" in a detail text (not "by the caller").
const ACTOR_IN_TEXT = /\bby\s+(?!the\b|a\b|an\b|its\b|their\b)([^\s,;.()"\\]+)/i

/** The trouble in the log, in log order. */
export function findAnomalies(reader: LogReader): Anomaly[] {
  const found: Anomaly[] = []
  for (const type of reader.types()) {
    const typeSignal = failureSignal(type, {})
    const positions = reader.positions(type)
    // A line cut short may hide a failure field: read those in full too, for a few events of the type.
    const truncated = positions.length <= MAX_READ_TRUNCATED
    const candidates = typeSignal
      ? positions.slice(0, MAX_READ_PER_TYPE)
      : positions
          .filter((position) => {
            const line = reader.line(type, position)
            return LINE_HINT.test(line) || (truncated && TRUNCATED.test(line))
          })
          .slice(0, MAX_READ_PER_TYPE)
    for (const position of candidates) {
      const facts = reader.event(position)
      if (!facts) continue
      const signal = failureSignal(type, facts.fields)
      if (!signal) continue
      const actorField = pickField(facts.fields, ACTOR_FIELDS)
      const said =
        signal.category === 'cancellation' ? ACTOR_IN_TEXT.exec(JSON.stringify(facts.fields))?.[1] : undefined
      const actor = actorField ? valueText(actorField.value) : (said ?? null)
      found.push({
        position,
        type,
        category: signal.category,
        message: signal.message ?? textField(facts.fields, OUTPUT_FIELDS),
        subject: textField(facts.fields, TOOL_NAME_FIELDS),
        actor,
        attempt: reader.attemptOf(facts),
        facts,
      })
    }
  }
  return found.sort((left, right) => left.position - right.position)
}

/** An anomaly as a short clause: `#N type (field=value, …)`. */
export function anomalyClause(anomaly: Anomaly): string {
  const described = describePayload(anomaly.facts.fields, 3)
  return `#${anomaly.position} ${anomaly.type}${described ? ` (${described})` : ''}`
}
