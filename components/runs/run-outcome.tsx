import type { RunStatusState } from '@/lib/core/events/reducers'
import type { AttemptGroup } from './run-timeline-model'
import { formatScore } from './run-format'

/** The answer to "did it work, and on which attempt": passed on attempt k, failed after n, or interrupted and why. */
export function RunOutcome({
  state,
  attempts,
  bestScore,
}: {
  state: RunStatusState
  attempts: AttemptGroup[]
  bestScore: number | null
}) {
  const passedOn = attempts.find((group) => group.summary.passed === true)
  if (state.status === 'succeeded' || passedOn) {
    return (
      <p
        role="status"
        data-testid="run-outcome"
        className="rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
      >
        <strong>Passed on attempt {passedOn?.attempt ?? attempts.length}</strong> with a score of{' '}
        {formatScore(passedOn?.summary.score ?? bestScore)}.
      </p>
    )
  }
  if (state.status === 'failed') {
    return (
      <p
        role="status"
        data-testid="run-outcome"
        className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
      >
        <strong>Did not pass</strong> in {attempts.length} attempt{attempts.length === 1 ? '' : 's'}; best score{' '}
        {formatScore(bestScore)}.
      </p>
    )
  }
  if (state.status === 'interrupted' && state.interruptionReason === 'cancelled') {
    return (
      <p
        role="status"
        data-testid="run-outcome"
        className="rounded-md border border-slate-300 bg-slate-50 px-4 py-3 text-sm text-slate-800"
      >
        <strong>Cancelled</strong>{' '}
        {attempts.length === 0
          ? 'before any attempt ran.'
          : `after ${attempts.length} attempt${attempts.length === 1 ? '' : 's'}; best score ${formatScore(bestScore)}.`}
      </p>
    )
  }
  if (state.status === 'interrupted') {
    return (
      <p
        role="alert"
        data-testid="run-outcome"
        className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      >
        <strong>Interrupted</strong>: {state.interruptionReason ?? 'unknown reason'}.
      </p>
    )
  }
  return null
}
