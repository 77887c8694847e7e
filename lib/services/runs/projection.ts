import type { LoggedEvent } from '../../core/events/event'
import type { EventType } from '../../core/events/vocabulary'
import { summarizeRun, type UsageState } from '../../core/events/reducers'
import { estimateCostUsd } from '../../core/reflexion/pricing'

/** A run's status as stored: the reducer's status, with an interruption by cancellation shown as `cancelled`. */
export type StoredRunStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'interrupted' | 'cancelled'

/** The run row's columns that are a projection of its log (never written from anywhere else). */
export type RunColumns = {
  status: StoredRunStatus
  interruptionReason: string | null
  attemptsUsed: number
  bestScore: number | null
  output: string | null
  usage: UsageState
  costUsd: number | null
  finished: boolean
}

/** Event types that change the projection; others only move `event_count`. */
export const PROJECTED_TYPES: ReadonlySet<string> = new Set<EventType>([
  'run.submitted',
  'run.started',
  'run.interrupted',
  'run.finished',
  'reflexion.attempt_started',
  'reflexion.evaluated',
  'reflexion.threshold_met',
  'reflexion.max_attempts_reached',
  'agent.model_called',
  'agent.output_produced',
])

/** Estimated cost of every model call in the log, or null when any priced model is unknown. */
export function costOf(events: readonly LoggedEvent[]): number | null {
  let total = 0
  for (const event of events) {
    if (event.type !== 'agent.model_called') continue
    const label = event.payload.model ?? ''
    const colon = label.indexOf(':')
    const tokens = event.payload.usage ?? {}
    const cost = estimateCostUsd(label.slice(0, colon), label.slice(colon + 1), {
      inputTokens: tokens.inputTokens ?? 0,
      outputTokens: tokens.outputTokens ?? 0,
    })
    if (cost === null) return null
    total += cost
  }
  return total
}

function outputOf(events: readonly LoggedEvent[]): string | null {
  for (let position = events.length - 1; position >= 0; position--) {
    const event = events[position]
    if (event.type === 'run.finished' && typeof event.payload.output === 'string') return event.payload.output
    if (event.type === 'agent.output_produced' && typeof event.payload.output === 'string') return event.payload.output
  }
  return null
}

/** Projects a log into the run row's columns through helper 2's `summarizeRun`. */
export function runColumnsOf(events: readonly LoggedEvent[]): RunColumns {
  const summary = summarizeRun(events)
  const cancelled = summary.status === 'interrupted' && summary.interruptionReason === 'cancelled'
  return {
    status: cancelled ? 'cancelled' : summary.status,
    interruptionReason: summary.interruptionReason,
    attemptsUsed: summary.attemptsUsed,
    bestScore: summary.bestScore,
    output: outputOf(events),
    usage: summary.usage,
    costUsd: costOf(events),
    finished: events.some((event) => event.type === 'run.finished'),
  }
}
