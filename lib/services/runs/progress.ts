import type { LoggedEvent } from '../../core/events/event'

/** Where a run is in its loop, for the progress indicator. */
export type RunPhase = 'queued' | 'recalling' | 'attempting' | 'evaluating' | 'reflecting' | 'done'

/** Attempt k of n, the phase, and the last evaluator score. */
export type RunProgress = {
  attempt: number
  maxAttempts: number | null
  phase: RunPhase
  lastScore: number | null
  finished: boolean
}

function phaseAfter(event: LoggedEvent, current: RunPhase): RunPhase {
  switch (event.type) {
    case 'reflexion.attempt_started':
      return 'recalling'
    case 'reflexion.lessons_recalled':
    case 'agent.tool_called':
    case 'agent.tool_returned':
    case 'agent.worker_delegated':
    case 'agent.worker_returned':
      return 'attempting'
    case 'agent.model_called': {
      const role = event.payload.role
      return role === 'evaluator' ? 'evaluating' : role === 'reflector' ? 'reflecting' : 'attempting'
    }
    case 'agent.output_produced':
    case 'agent.out_of_turns':
      return 'evaluating'
    case 'reflexion.evaluated':
      return event.payload.passed === true ? 'done' : 'reflecting'
    case 'reflexion.lesson_produced':
    case 'reflexion.lesson_persisted':
      return 'reflecting'
    case 'reflexion.threshold_met':
    case 'reflexion.max_attempts_reached':
    case 'run.interrupted':
    case 'run.finished':
      return 'done'
    default:
      return current
  }
}

/** Pure: the progress of a run from its events (in log order), safe to call on a partial log in the browser. */
export function progressOf(events: readonly LoggedEvent[]): RunProgress {
  const progress: RunProgress = { attempt: 0, maxAttempts: null, phase: 'queued', lastScore: null, finished: false }
  for (const event of events) {
    if (event.type === 'run.submitted') progress.maxAttempts ??= event.payload.maxAttempts ?? null
    if (event.type === 'reflexion.attempt_started') {
      progress.attempt = event.payload.attempt ?? progress.attempt + 1
      progress.maxAttempts = event.payload.maxAttempts ?? progress.maxAttempts
    }
    if (event.type === 'reflexion.evaluated') progress.lastScore = event.payload.score ?? null
    if (event.type === 'run.finished') progress.finished = true
    progress.phase = phaseAfter(event, progress.phase)
  }
  return progress
}
