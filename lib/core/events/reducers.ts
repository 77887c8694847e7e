/**
 * Reducers: pure projections of a run's log into state. Each one reads the whole log from
 * scratch (`seed(events)`), so the same function keeps a run's summary columns in step with its
 * log and answers the Reflection `state` op.
 */
import type { KnownLoggedEvent, LoggedEvent } from './event'
import type { z } from 'zod'
import type { RecallWhyPayload, recalledLessonSchema } from './payloads'

/** A named projection of a log. */
export type Reducer<State = unknown> = { doc: string; seed(events: readonly LoggedEvent[]): State }

/** A run's lifecycle status as the product shows it. */
export type RunStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'interrupted'

/** What `runStatus` projects. */
export type RunStatusState = { status: RunStatus; interruptionReason: string | null }

/** One attempt as the log tells it; `*Index` fields are the positions of the events that say so. */
export type AttemptSummary = {
  attempt: number
  maxAttempts: number | null
  startedIndex: number | null
  score: number | null
  threshold: number | null
  feedback: string | null
  passed: boolean | null
  evaluationReason: string | null
  evaluatedIndex: number | null
  lessonProduced: string | null
  lessonProducedIndex: number | null
  lessonsRecalled: string[]
  lessonsRecalledIndex: number | null
  outputPreview: string | null
  outputIndex: number | null
  outOfTurns: boolean
  outOfTurnsIndex: number | null
}

/** Lessons recalled into attempts and lessons produced by the reflector. */
export type LessonsState = {
  recalled: {
    attempt: number | null
    index: number
    content: string
    id: string | null
    userId: string | null
    score: number | null
    /** Why selective recall chose it: its similarity, and the run's task key and tags it shares (boosting it). */
    why: { similarity: number; taskKey?: string; tags?: string[]; boost: number } | null
  }[]
  produced: {
    attempt: number | null
    index: number
    lesson: string
    persistedIndex: number | null
    lessonId: string | null
    duplicate: boolean | null
  }[]
}

/** Token and call counts, per model role and in total. */
export type UsageState = {
  byRole: Record<string, { inputTokens: number; outputTokens: number; calls: number }>
  total: { inputTokens: number; outputTokens: number; calls: number }
}

/** The columns a run's row keeps in step with its log. */
export type RunSummary = {
  status: RunStatus
  interruptionReason: string | null
  attemptsUsed: number
  maxAttempts: number | null
  bestScore: number | null
  usage: UsageState
}

const OUTPUT_PREVIEW = 200
const preview = (value: unknown): string | null => {
  const text = typeof value === 'string' ? value : value === undefined ? null : JSON.stringify(value)
  return text === null ? null : text.length > OUTPUT_PREVIEW ? `${text.slice(0, OUTPUT_PREVIEW)}…` : text
}

/** A recalled lesson's text: its content, or the whole entry when an older log did not name it. */
const lessonText = (lesson: z.output<typeof recalledLessonSchema>): string => lesson.content ?? JSON.stringify(lesson)

/** The attempt an event names, whatever its type (unknown types included: they are grouped the same way). */
export function attemptOf(event: LoggedEvent): number | null {
  const attempt: unknown = event.payload.attempt
  return typeof attempt === 'number' && Number.isInteger(attempt) ? attempt : null
}

const FINISHED_STATUS: Record<string, RunStatus> = {
  succeeded: 'succeeded',
  success: 'succeeded',
  completed: 'succeeded',
  passed: 'succeeded',
  failed: 'failed',
  failure: 'failed',
  interrupted: 'interrupted',
  cancelled: 'interrupted',
  canceled: 'interrupted',
}

/** Queued until anything past the submission is logged; finished runs take `run.finished`'s status. */
export const runStatus: Reducer<RunStatusState> = {
  doc: 'queued/running/succeeded/failed/interrupted, with the interruption reason',
  seed(events) {
    let interruptionReason: string | null = null
    let finished: KnownLoggedEvent<'run.finished'> | null = null
    let thresholdMet = false
    let maxAttemptsReached = false
    for (const event of events) {
      if (event.type === 'run.interrupted') interruptionReason = event.payload.reason ?? 'unknown'
      else if (event.type === 'run.finished') finished = event
      else if (event.type === 'reflexion.threshold_met') thresholdMet = true
      else if (event.type === 'reflexion.max_attempts_reached') maxAttemptsReached = true
    }
    if (finished) {
      const reason = finished.payload.interruptionReason ?? interruptionReason
      const declared = FINISHED_STATUS[finished.payload.status?.toLowerCase() ?? '']
      const status = declared ?? (reason ? 'interrupted' : thresholdMet && !maxAttemptsReached ? 'succeeded' : 'failed')
      return { status, interruptionReason: status === 'interrupted' ? (reason ?? 'unknown') : null }
    }
    if (interruptionReason) return { status: 'interrupted', interruptionReason }
    const started = events.some((event) => event.type !== 'run.submitted')
    return { status: started ? 'running' : 'queued', interruptionReason: null }
  },
}

function emptyAttempt(attempt: number): AttemptSummary {
  return {
    attempt,
    maxAttempts: null,
    startedIndex: null,
    score: null,
    threshold: null,
    feedback: null,
    passed: null,
    evaluationReason: null,
    evaluatedIndex: null,
    lessonProduced: null,
    lessonProducedIndex: null,
    lessonsRecalled: [],
    lessonsRecalledIndex: null,
    outputPreview: null,
    outputIndex: null,
    outOfTurns: false,
    outOfTurnsIndex: null,
  }
}

/** One summary per attempt, in attempt order; events without an `attempt` field belong to the current one. */
export const attempts: Reducer<AttemptSummary[]> = {
  doc: 'per attempt: score, feedback, passed, lesson produced, lessons recalled, output preview, out of turns',
  seed(events) {
    const byNumber = new Map<number, AttemptSummary>()
    let current = 0
    const at = (event: LoggedEvent): AttemptSummary => {
      const number = attemptOf(event) ?? current
      let summary = byNumber.get(number)
      if (!summary) byNumber.set(number, (summary = emptyAttempt(number)))
      return summary
    }
    for (const event of events) {
      switch (event.type) {
        case 'reflexion.attempt_started': {
          current = event.payload.attempt ?? current + 1
          const summary = at(event)
          summary.startedIndex = event.index
          summary.maxAttempts = event.payload.maxAttempts ?? null
          break
        }
        case 'reflexion.lessons_recalled': {
          const summary = at(event)
          summary.lessonsRecalledIndex = event.index
          summary.lessonsRecalled = (event.payload.lessons ?? []).map(lessonText)
          break
        }
        case 'reflexion.evaluated': {
          const { score, threshold, feedback, passed, reason } = event.payload
          Object.assign(at(event), {
            score: score ?? null,
            threshold: threshold ?? null,
            feedback: feedback ?? null,
            passed: passed ?? null,
            evaluationReason: reason ?? null,
            evaluatedIndex: event.index,
          })
          break
        }
        case 'reflexion.lesson_produced':
          Object.assign(at(event), { lessonProduced: event.payload.lesson ?? null, lessonProducedIndex: event.index })
          break
        case 'agent.output_produced':
          Object.assign(at(event), { outputPreview: preview(event.payload.output), outputIndex: event.index })
          break
        case 'agent.out_of_turns':
          Object.assign(at(event), { outOfTurns: true, outOfTurnsIndex: event.index })
          break
      }
    }
    return [...byNumber.values()].filter((summary) => summary.attempt > 0).sort((a, b) => a.attempt - b.attempt)
  },
}

/** The highest evaluator score in the log, or null before any evaluation. */
export const bestScore: Reducer<number | null> = {
  doc: 'the highest evaluator score so far',
  seed(events) {
    let best: number | null = null
    for (const event of events) {
      if (event.type !== 'reflexion.evaluated') continue
      const score = event.payload.score
      if (score !== undefined && (best === null || score > best)) best = score
    }
    return best
  },
}

function recallWhy(why: RecallWhyPayload | undefined): LessonsState['recalled'][number]['why'] {
  if (!why || typeof why.similarity !== 'number') return null
  return {
    similarity: why.similarity,
    ...(why.taskKey && { taskKey: why.taskKey }),
    ...(why.tags?.length && { tags: why.tags }),
    boost: why.boost ?? 0,
  }
}

/** Every lesson recalled into an attempt and every lesson the reflector produced (with where it was persisted). */
export const lessons: Reducer<LessonsState> = {
  doc: 'lessons recalled into attempts and lessons produced (and persisted)',
  seed(events) {
    const state: LessonsState = { recalled: [], produced: [] }
    for (const event of events) {
      if (event.type === 'reflexion.lessons_recalled') {
        for (const lesson of event.payload.lessons ?? []) {
          state.recalled.push({
            attempt: event.payload.attempt ?? null,
            index: event.index,
            content: lessonText(lesson),
            id: lesson.id ?? null,
            userId: lesson.userId ?? null,
            score: lesson.score ?? null,
            why: recallWhy(lesson.why),
          })
        }
      } else if (event.type === 'reflexion.lesson_produced') {
        state.produced.push({
          attempt: event.payload.attempt ?? null,
          index: event.index,
          lesson: event.payload.lesson ?? '',
          persistedIndex: null,
          lessonId: null,
          duplicate: null,
        })
      } else if (event.type === 'reflexion.lesson_persisted') {
        const attempt = event.payload.attempt ?? null
        const produced = [...state.produced]
          .reverse()
          .find((entry) => entry.persistedIndex === null && (attempt === null || entry.attempt === attempt))
        if (produced)
          Object.assign(produced, {
            persistedIndex: event.index,
            lessonId: event.payload.lessonId ?? null,
            duplicate: event.payload.duplicate ?? null,
          })
      }
    }
    return state
  },
}

/** Tokens and calls per model role, from `agent.model_called` usage. */
export const usage: Reducer<UsageState> = {
  doc: 'tokens and calls per model role (agent, evaluator, reflector, worker…)',
  seed(events) {
    const state: UsageState = { byRole: {}, total: { inputTokens: 0, outputTokens: 0, calls: 0 } }
    for (const event of events) {
      if (event.type !== 'agent.model_called') continue
      const role = event.payload.role ?? 'unknown'
      const input = event.payload.usage?.inputTokens ?? 0
      const output = event.payload.usage?.outputTokens ?? 0
      const entry = (state.byRole[role] ??= { inputTokens: 0, outputTokens: 0, calls: 0 })
      for (const target of [entry, state.total]) {
        target.inputTokens += input
        target.outputTokens += output
        target.calls += 1
      }
    }
    return state
  },
}

/** The reducers Reflection's `state` op projects, by name. */
export const REDUCERS: Record<string, Reducer> = { runStatus, attempts, bestScore, lessons, usage }

/** A run's summary columns, derived from its log alone. */
export function summarizeRun(events: readonly LoggedEvent[]): RunSummary {
  const { status, interruptionReason } = runStatus.seed(events)
  const perAttempt = attempts.seed(events)
  const maxAttempts = perAttempt.reduce<number | null>((found, summary) => summary.maxAttempts ?? found, null)
  return {
    status,
    interruptionReason,
    attemptsUsed: perAttempt.length,
    maxAttempts,
    bestScore: bestScore.seed(events),
    usage: usage.seed(events),
  }
}
