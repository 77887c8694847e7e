/**
 * The "locate" step of the diagnosis: finds each attempt's events through query_log (`filter`,
 * then `get` on the ones that matter) and groups them by attempt number.
 */
import type { RecordingSession } from './recording-tool'
import { listedPositions, parseEvent } from './tool-output'

/** What the log says about one attempt; every fact keeps its position. */
export type AttemptFacts = {
  attempt: number
  startedAt: number | null
  evaluation: {
    position: number
    score: number | null
    threshold: number | null
    feedback: string | null
    passed: boolean | null
    reason: string | null
  } | null
  recalled: { position: number; lessons: string[] | null } | null
  lessonProduced: { position: number; lesson: string } | null
  outOfTurns: number | null
}

/** At most this many events of one type are read in full. */
export const MAX_DETAILED_EVENTS = 10

const asNumber = (value: unknown): number | null => (typeof value === 'number' ? value : null)
const asString = (value: unknown): string | null => (typeof value === 'string' ? value : null)

function readAll(
  session: RecordingSession,
  counts: Map<string, number>,
  type: string,
): { position: number; fields: Record<string, unknown> }[] {
  if (!counts.has(type)) return []
  const positions = listedPositions(session.ask({ op: 'filter', type, limit: 200 })).slice(0, MAX_DETAILED_EVENTS)
  return positions.flatMap((position) => {
    const facts = parseEvent(session.ask({ op: 'get', index: position }))
    return facts ? [{ position, fields: facts.fields }] : []
  })
}

/** Collects every attempt's facts, in attempt order. */
export function collectAttempts(session: RecordingSession, counts: Map<string, number>): AttemptFacts[] {
  const byNumber = new Map<number, AttemptFacts>()
  const starts: { position: number; attempt: number }[] = []
  if (counts.has('reflexion.attempt_started')) {
    const listing = session.ask({ op: 'filter', type: 'reflexion.attempt_started', limit: 200 })
    for (const match of listing.matchAll(/^#(\d+) \S+\(attempt=(\d+)/gm))
      starts.push({ position: Number(match[1]), attempt: Number(match[2]) })
  }
  const attemptAt = (position: number, declared: unknown): AttemptFacts => {
    const number = asNumber(declared) ?? [...starts].reverse().find((start) => start.position < position)?.attempt ?? 1
    let facts = byNumber.get(number)
    if (!facts)
      byNumber.set(
        number,
        (facts = {
          attempt: number,
          startedAt: null,
          evaluation: null,
          recalled: null,
          lessonProduced: null,
          outOfTurns: null,
        }),
      )
    return facts
  }
  for (const start of starts) attemptAt(start.position, start.attempt).startedAt = start.position
  for (const { position, fields } of readAll(session, counts, 'reflexion.evaluated')) {
    attemptAt(position, fields.attempt).evaluation = {
      position,
      score: asNumber(fields.score),
      threshold: asNumber(fields.threshold),
      feedback: asString(fields.feedback),
      passed: typeof fields.passed === 'boolean' ? fields.passed : null,
      reason: asString(fields.reason),
    }
  }
  for (const { position, fields } of readAll(session, counts, 'reflexion.lessons_recalled')) {
    const lessons = Array.isArray(fields.lessons)
      ? fields.lessons.map((lesson) => asString((lesson as { content?: unknown })?.content) ?? JSON.stringify(lesson))
      : null
    attemptAt(position, fields.attempt).recalled = { position, lessons }
  }
  for (const { position, fields } of readAll(session, counts, 'reflexion.lesson_produced')) {
    attemptAt(position, fields.attempt).lessonProduced = {
      position,
      lesson: asString(fields.lesson) ?? JSON.stringify(fields.lesson),
    }
  }
  if (counts.has('agent.out_of_turns')) {
    const listing = session.ask({ op: 'filter', type: 'agent.out_of_turns', limit: 200 })
    for (const match of listing.matchAll(/^#(\d+) \S+\((?:attempt=(\d+))?/gm))
      attemptAt(Number(match[1]), match[2] ? Number(match[2]) : undefined).outOfTurns = Number(match[1])
  }
  return [...byNumber.values()].sort((left, right) => left.attempt - right.attempt)
}
