/**
 * The evidence walk for an interrupted run: the interruption, its recorded cause, and one step
 * further where that helps (the budget check, the guarded event, the raising handler's source).
 */
import type { RecordingSession } from './recording-tool'
import { type EventFacts, listedPositions, parseEvent, parseExplicitLinks, parseRecordedCause } from './tool-output'

/** What each known interruption reason means, in the words of the Reflexion spec. */
export const INTERRUPTION_MEANINGS: Record<string, string> = {
  max_turns_exceeded: 'the agent used all of its turns without an answer on the last attempt',
  budget_exceeded: 'the run used up its budget',
  guardrail_tripped: 'a guardrail refused an input or an output',
  guardrail: 'a guardrail refused an input or an output',
  cancelled: 'the run was cancelled',
  provider_error: 'the model provider failed and the handler raised',
  handler_raised: 'a handler raised an error',
  worker_lost: 'the worker executing the run was lost',
}

/** Untrusted text from the log, quoted and bounded: it is cited, never followed. */
export function quote(value: unknown, limit = 200): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return JSON.stringify(text.length > limit ? `${text.slice(0, limit)}…` : text)
}

/** An event's fields as `name=value` for a sentence, values quoted and bounded. */
export function describeFields(facts: EventFacts, skip: string[] = []): string {
  const parts = Object.entries(facts.fields)
    .filter(([name]) => !skip.includes(name))
    .slice(0, 5)
  return parts
    .map(
      ([name, value]) =>
        `${name}=${typeof value === 'number' || typeof value === 'boolean' ? value : quote(value, 120)}`,
    )
    .join(', ')
}

function causeSentence(session: RecordingSession, facts: EventFacts): string {
  const upstream = parseRecordedCause(session.ask({ op: 'cause', index: facts.position }))
  if (upstream.kind !== 'handler') return `#${facts.position} was recorded as ${upstream.text}`
  const source = parseEvent(session.ask({ op: 'get', index: upstream.index }))
  return `#${facts.position} was recorded from #${upstream.index} via ${upstream.handler}${source ? ` (#${upstream.index} ${source.type})` : ''}`
}

/** Lines explaining the latest interruption and its causes, every claim citing `#index`. */
export function explainInterruption(session: RecordingSession, counts: Map<string, number>): string[] {
  const position = listedPositions(session.ask({ op: 'latest', type: 'run.interrupted' }))[0]
  const interrupted = parseEvent(session.ask({ op: 'get', index: position }))
  if (!interrupted) return []
  const reason = typeof interrupted.fields.reason === 'string' ? interrupted.fields.reason : 'unknown'
  const detail = interrupted.fields.detail === undefined ? '' : ` (detail: ${quote(interrupted.fields.detail)})`
  const meaning = INTERRUPTION_MEANINGS[reason] ? ` — ${INTERRUPTION_MEANINGS[reason]}` : ''
  const lines = [`Interruption: #${position} run.interrupted, reason ${quote(reason)}${detail}${meaning}.`]
  const cause = parseRecordedCause(session.ask({ op: 'evidence', index: position }))
  if (cause.kind !== 'handler') {
    lines.push(`Its recorded cause is ${cause.text}: no handler produced it (#${position}).`)
  } else {
    const source = parseEvent(session.ask({ op: 'get', index: cause.index }))
    lines.push(
      `Its recorded cause is #${cause.index} via ${cause.handler}${source ? `: #${cause.index} ${source.type}(${describeFields(source)})` : ''}.`,
    )
    if (source?.type === 'run.handler_raised') {
      const links = parseExplicitLinks(session.ask({ op: 'evidence', index: cause.index })).filter(
        (link) => link.field === 'source_event' || link.field === 'sourceEvent',
      )
      const handler = typeof source.fields.handler === 'string' ? source.fields.handler : 'unknown'
      lines.push(
        `Handler ${quote(handler)} raised ${quote(source.fields.error ?? 'an error')} (#${cause.index})${links[0]?.positions.length ? `; its source_event is #${links[0].positions[0]}` : ''}.`,
      )
    } else if (source && ['run.budget_exceeded', 'run.guardrail_tripped', 'agent.out_of_turns'].includes(source.type)) {
      lines.push(`${causeSentence(session, source)}.`)
    }
  }
  for (const [type, label] of [
    ['run.retried', 'provider retr'],
    ['run.budget_warning', 'budget warning'],
  ] as const) {
    if (!counts.has(type)) continue
    const positions = listedPositions(session.ask({ op: 'filter', type, limit: 20 }))
    const count = counts.get(type) ?? 0
    const noun = type === 'run.retried' ? `${label}${count === 1 ? 'y' : 'ies'}` : `${label}${count === 1 ? '' : 's'}`
    lines.push(
      `Before that, the log holds ${count} ${noun}: ${positions.map((at) => `#${at}`).join(', ')}${count > positions.length ? ', …' : ''}.`,
    )
  }
  return lines
}
