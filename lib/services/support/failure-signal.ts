/**
 * One general rule for "did something go wrong here?", applied to any event, known or not: its
 * type names a failure (raised, failed, error, exceeded, tripped, interrupted, cancelled, timed out,
 * refused…), or its payload does (an error/exception field, `isError`/`failed: true`, `ok: false`,
 * a status that reads as a failure or an HTTP status of 400 and above, `finishReason: error`).
 */
import { MESSAGE_FIELDS, normalizeFieldName, pickField, valueText } from './payload-fields'

/** What kind of trouble an event signals; drives the order of an explanation. */
export type AnomalyCategory =
  | 'error'
  | 'tool'
  | 'provider'
  | 'budget'
  | 'guardrail'
  | 'cancellation'
  | 'out_of_turns'
  | 'interruption'
  | 'retry'
  | 'warning'

/** A failure signal: its category, why the rule fired, and the message the event carries. */
export type FailureSignal = { category: AnomalyCategory; because: string; message: string | null }

const FAILURE_WORDS =
  /raised|fail|error|exceed|trip|interrupt|cancel|abort|timeout|timed_?out|denied|declin|refus|reject|revoked|unauthori[sz]ed|forbidden|not_found|crash|lost|panic|exception|violat|blocked|unavailable|unreachable|invalid|expired|killed|halted|out_of_|overflow|throttl|quota|corrupt|conflict|overload|degraded|unhealthy|retr(?:y|ied)|warn/i
const FAILURE_VALUES =
  /^(error|errored|fail|failed|failure|timeout|timed[_ ]?out|denied|refused|rejected|crashed|aborted|cancell?ed|interrupted|exceeded|invalid|unavailable|killed|lost|blocked)$/i
const ERROR_FIELDS = new Set([
  'error',
  'errors',
  'errormessage',
  'exception',
  'stack',
  'stacktrace',
  'fault',
  'failure',
])
const TRUE_MEANS_FAILED = new Set(['iserror', 'failed', 'error', 'errored', 'timedout', 'aborted', 'cancelled'])
const FALSE_MEANS_FAILED = new Set(['ok', 'success', 'succeeded'])
const STATUS_FIELDS = new Set(['status', 'state', 'outcome', 'result', 'finishreason'])
const HTTP_STATUS_FIELDS = new Set(['status', 'statuscode', 'httpstatus', 'code'])

function categoryOf(type: string, text: string): AnomalyCategory {
  const name = type.toLowerCase()
  const words = `${name} ${text.toLowerCase()}`
  if (/cancel|abort/.test(words)) return 'cancellation'
  if (/warn/.test(name)) return 'warning'
  if (/retr(y|ied)/.test(name)) return 'retry'
  if (/out_of_turns|max_turns|turns/.test(words)) return 'out_of_turns'
  if (/budget|quota|token_?limit|spend/.test(words)) return 'budget'
  if (/guardrail|moderat|policy|safety/.test(words)) return 'guardrail'
  if (/tool|mcp|sandbox|function|http|fetch|webhook/.test(words)) return 'tool'
  if (/provider|model|api|rate.?limit|429|503|overloaded|llm/.test(words)) return 'provider'
  if (/interrupt/.test(name)) return 'interruption'
  return 'error'
}

/** Known Reflexion outcomes that are part of the attempt story, not anomalies in themselves. */
const STORY_TYPES = new Set(['reflexion.evaluated', 'reflexion.max_attempts_reached', 'run.finished', 'run.submitted'])

/** The failure signal of one event, or null; decided by the general rule above, never by a list of types. */
export function failureSignal(type: string, fields: Record<string, unknown>): FailureSignal | null {
  if (STORY_TYPES.has(type)) return null
  const messageField = pickField(fields, MESSAGE_FIELDS)
  const message = messageField ? valueText(messageField.value) : null
  const name = type.slice(type.indexOf('.') + 1)
  if (FAILURE_WORDS.test(name)) return { category: categoryOf(type, message ?? ''), because: `type ${type}`, message }
  for (const [field, value] of Object.entries(fields)) {
    const key = normalizeFieldName(field)
    const because = `${field}=${typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : JSON.stringify(value)}`
    const signal = (): FailureSignal => ({
      category: categoryOf(type, `${field} ${message ?? ''}`),
      because,
      message: message ?? (typeof value === 'string' ? value : null),
    })
    if (ERROR_FIELDS.has(key) && value !== null && value !== undefined && value !== false && value !== '')
      return signal()
    if (value === true && TRUE_MEANS_FAILED.has(key)) return signal()
    if (value === false && FALSE_MEANS_FAILED.has(key)) return signal()
    if (typeof value === 'string' && STATUS_FIELDS.has(key) && FAILURE_VALUES.test(value.trim())) return signal()
    if (typeof value === 'number' && HTTP_STATUS_FIELDS.has(key) && value >= 400 && value < 600) return signal()
  }
  return null
}

/** Whether a message field on an event says what failed (used to pick the words quoted). */
export const isMessageField = (field: string): boolean =>
  (MESSAGE_FIELDS as readonly string[]).map(normalizeFieldName).includes(normalizeFieldName(field))
