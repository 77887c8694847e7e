import type { LoggedEvent } from '@/lib/core/events/event'
import {
  attemptOf,
  attempts as attemptsReducer,
  lessons as lessonsReducer,
  type AttemptSummary,
} from '@/lib/core/events/reducers'

/** A lesson put in front of an attempt; `shared` when it is the tenant's, not the member's own. */
export type RecalledLesson = {
  id: string | null
  content: string
  shared: boolean
  /** Selective recall: the lesson's similarity to the task and why it was recalled; null in monotonic mode. */
  why: { similarity: number; taskKey?: string; tags?: string[]; boost: number } | null
}

/** The lesson an attempt produced, where it was stored, and whether the next attempt's prompt got it. */
export type ProducedLesson = {
  text: string
  index: number
  lessonId: string | null
  persistedIndex: number | null
  duplicate: boolean | null
  reachedNext: boolean | null
}

/** One tool call of an attempt: what was asked (agent.tool_called) and what came back (agent.tool_returned). */
export type ToolCallView = {
  toolName: string
  input: unknown
  calledIndex: number
  returnedIndex: number | null
  output: string | null
  error: string | null
  isError: boolean
  durationMs: number | null
  truncated: boolean
  worker: string | null
}

/** One attempt of the timeline: its events and what they add up to. */
export type AttemptGroup = {
  attempt: number
  summary: AttemptSummary
  events: LoggedEvent[]
  output: string | null
  recalled: RecalledLesson[]
  produced: ProducedLesson | null
  modelCalls: Record<string, number>
  toolCalls: number
  tools: ToolCallView[]
}

/** A run's log as the run page shows it: before the first attempt, each attempt, and the outcome. */
export type Timeline = { before: LoggedEvent[]; attempts: AttemptGroup[]; outcome: LoggedEvent[] }

const OUTCOME_TYPES = new Set<string>(['run.interrupted', 'run.finished', 'reflexion.max_attempts_reached'])
const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase()

/** Groups a (possibly partial) log by attempt; events without an attempt number go to the current one. */
export function buildTimeline(events: readonly LoggedEvent[]): Timeline {
  const timeline: Timeline = { before: [], attempts: [], outcome: [] }
  const summaries = new Map(attemptsReducer.seed(events).map((summary) => [summary.attempt, summary]))
  const lessonState = lessonsReducer.seed(events)
  const groups = new Map<number, AttemptGroup>()
  let current = 0
  for (const event of events) {
    if (event.type === 'reflexion.attempt_started') current = event.payload.attempt ?? current + 1
    if (OUTCOME_TYPES.has(event.type)) {
      timeline.outcome.push(event)
      continue
    }
    const number = attemptOf(event) ?? current
    if (number <= 0) {
      timeline.before.push(event)
      continue
    }
    let group = groups.get(number)
    if (!group) {
      const summary = summaries.get(number)
      if (!summary) {
        timeline.before.push(event)
        continue
      }
      group = {
        attempt: number,
        summary,
        events: [],
        output: null,
        recalled: [],
        produced: null,
        modelCalls: {},
        toolCalls: 0,
        tools: [],
      }
      groups.set(number, group)
      timeline.attempts.push(group)
    }
    group.events.push(event)
    if (event.type === 'agent.output_produced')
      group.output =
        typeof event.payload.output === 'string' ? event.payload.output : (JSON.stringify(event.payload.output) ?? null)
    if (event.type === 'agent.model_called') {
      const role = event.payload.role ?? 'unknown'
      group.modelCalls[role] = (group.modelCalls[role] ?? 0) + 1
    }
    if (event.type === 'agent.tool_called') {
      group.toolCalls += 1
      group.tools.push({
        toolName: String(event.payload.toolName ?? ''),
        input: event.payload.input,
        calledIndex: event.index,
        returnedIndex: null,
        output: null,
        error: null,
        isError: false,
        durationMs: null,
        truncated: false,
        worker: typeof event.payload.worker === 'string' ? event.payload.worker : null,
      })
    }
    if (event.type === 'agent.tool_returned') {
      const call = group.tools.find(
        (candidate) =>
          candidate.returnedIndex === null &&
          (event.cause.kind === 'handler'
            ? candidate.calledIndex === event.cause.index
            : candidate.toolName === event.payload.toolName),
      )
      if (call) {
        call.returnedIndex = event.index
        call.output =
          typeof event.payload.output === 'string' ? event.payload.output : JSON.stringify(event.payload.output ?? null)
        call.error = typeof event.payload.error === 'string' ? event.payload.error : null
        call.isError = event.payload.isError === true
        call.durationMs = typeof event.payload.durationMs === 'number' ? event.payload.durationMs : null
        call.truncated = event.payload.truncated === true
      }
    }
  }
  for (const recalled of lessonState.recalled) {
    const group = recalled.attempt === null ? undefined : groups.get(recalled.attempt)
    group?.recalled.push({
      id: recalled.id,
      content: recalled.content,
      shared: recalled.userId === '*',
      why: recalled.why ?? (recalled.score === null ? null : { similarity: recalled.score, boost: 0 }),
    })
  }
  for (const produced of lessonState.produced) {
    const group = produced.attempt === null ? undefined : groups.get(produced.attempt)
    if (!group || !produced.lesson) continue
    const next = groups.get(group.attempt + 1)
    const reachedNext = next
      ? next.recalled.some(
          (lesson) =>
            (produced.lessonId !== null && lesson.id === produced.lessonId) ||
            normalise(lesson.content) === normalise(produced.lesson),
        )
      : null
    group.produced = {
      text: produced.lesson,
      index: produced.index,
      lessonId: produced.lessonId,
      persistedIndex: produced.persistedIndex,
      duplicate: produced.duplicate,
      reachedNext,
    }
  }
  timeline.attempts.sort((a, b) => a.attempt - b.attempt)
  return timeline
}
