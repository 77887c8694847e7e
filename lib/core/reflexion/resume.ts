import type { LoggedEvent } from '../events/event'
import type { RunProgress } from './reflexion-loop'
import type { ModelRole } from './usage'

/** A model call recorded in the log, to count its usage again when the run resumes. */
export type RecordedUsage = {
  role: ModelRole
  model: { provider: string; modelId: string }
  tokens: { inputTokens: number; outputTokens: number }
}

/**
 * Where a run whose worker died goes on: after the last event in the log, at the attempt after the
 * last one that completed (evaluated, and its lesson written or found empty), with that attempt's
 * closing event as the next attempt's cause, the progress so far, and every model call's usage
 * (including the unfinished attempt's: those tokens were spent).
 */
export type ResumePoint = {
  afterIndex: number
  submittedIndex: number
  nextAttempt: number
  previousIndex: number
  progress: RunProgress
  usage: RecordedUsage[]
}

const ROLES = new Set<ModelRole>(['agent', 'evaluator', 'reflector', 'worker'])
const ENDINGS = new Set([
  'run.finished',
  'run.interrupted',
  'reflexion.threshold_met',
  'reflexion.max_attempts_reached',
])

const numberOf = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined

/**
 * The resume point of a logged run, or null when there is nothing to resume: the log already ends the
 * run (or decided it: threshold met, attempts exhausted, interrupted), or it has no seed.
 */
export function resumePointOf(events: readonly LoggedEvent[]): ResumePoint | null {
  if (events.length === 0 || events.some((event) => ENDINGS.has(event.type))) return null
  const submitted = events.find((event) => event.type === 'run.submitted')
  if (!submitted) return null
  let completed = 0
  let previousIndex = submitted.index
  for (const event of events) {
    const payload = event.payload as Record<string, unknown>
    const attempt = numberOf(payload.attempt)
    if (attempt === undefined || attempt < completed) continue
    const closesAttempt =
      event.type === 'reflexion.lesson_persisted' ||
      (event.type === 'reflexion.lesson_produced' && (payload.lesson === '' || payload.empty === true))
    if (closesAttempt) {
      completed = attempt
      previousIndex = event.index
    }
  }
  const progress: RunProgress = { output: '', bestScore: null, attempts: completed, turns: 0 }
  const usage: RecordedUsage[] = []
  for (const event of events) {
    const payload = event.payload as Record<string, unknown>
    const attempt = numberOf(payload.attempt) ?? 0
    if (event.type === 'agent.model_called') {
      const role = payload.role as ModelRole
      const label = typeof payload.model === 'string' ? payload.model : ''
      const tokens = (payload.usage ?? {}) as Record<string, unknown>
      if (ROLES.has(role) && payload.failed !== true) {
        const colon = label.indexOf(':')
        usage.push({
          role,
          model: {
            provider: colon > 0 ? label.slice(0, colon) : '',
            modelId: colon > 0 ? label.slice(colon + 1) : label,
          },
          tokens: { inputTokens: numberOf(tokens.inputTokens) ?? 0, outputTokens: numberOf(tokens.outputTokens) ?? 0 },
        })
      }
      if (role === 'agent' && attempt <= completed) progress.turns += 1
    }
    if (attempt === 0 || attempt > completed) continue
    if (event.type === 'reflexion.evaluated') {
      const score = numberOf(payload.score)
      if (score !== undefined) progress.bestScore = Math.max(progress.bestScore ?? 0, score)
    }
    if (event.type === 'agent.output_produced' && typeof payload.output === 'string') progress.output = payload.output
  }
  return {
    afterIndex: events[events.length - 1].index,
    submittedIndex: submitted.index,
    nextAttempt: completed + 1,
    previousIndex,
    progress,
    usage,
  }
}
