/**
 * The "locate" step of the diagnosis: finds each attempt's events through query_log (`filter`,
 * then `get` on the ones that matter) and groups them by attempt number.
 */
import type { EventPayload } from '../events/event'
import { readPayload } from '../events/read-event'
import type { EventType } from '../events/vocabulary'
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

/** Reads every event of one type in full, its fields through the type's payload schema. */
function readAll<T extends EventType>(
  session: RecordingSession,
  counts: Map<string, number>,
  type: T,
): { position: number; fields: EventPayload<T> }[] {
  if (!counts.has(type)) return []
  const positions = listedPositions(session.ask({ op: 'filter', type, limit: 200 })).slice(0, MAX_DETAILED_EVENTS)
  return positions.flatMap((position) => {
    const facts = parseEvent(session.ask({ op: 'get', index: position }))
    return facts ? [{ position, fields: readPayload(type, facts.fields) }] : []
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
  const attemptAt = (position: number, declared: number | undefined): AttemptFacts => {
    const number = declared ?? [...starts].reverse().find((start) => start.position < position)?.attempt ?? 1
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
      score: fields.score ?? null,
      threshold: fields.threshold ?? null,
      feedback: fields.feedback ?? null,
      passed: fields.passed ?? null,
      reason: fields.reason ?? null,
    }
  }
  for (const { position, fields } of readAll(session, counts, 'reflexion.lessons_recalled')) {
    const lessons = fields.lessons?.map((lesson) => lesson.content ?? JSON.stringify(lesson)) ?? null
    attemptAt(position, fields.attempt).recalled = { position, lessons }
  }
  for (const { position, fields } of readAll(session, counts, 'reflexion.lesson_produced')) {
    attemptAt(position, fields.attempt).lessonProduced = {
      position,
      lesson: fields.lesson ?? '',
    }
  }
  if (counts.has('agent.out_of_turns')) {
    const listing = session.ask({ op: 'filter', type: 'agent.out_of_turns', limit: 200 })
    for (const match of listing.matchAll(/^#(\d+) \S+\((?:attempt=(\d+))?/gm))
      attemptAt(Number(match[1]), match[2] ? Number(match[2]) : undefined).outOfTurns = Number(match[1])
  }
  return [...byNumber.values()].sort((left, right) => left.attempt - right.attempt)
}
