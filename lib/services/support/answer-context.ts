/**
 * What every offline answer works with: the log reader (its query_log transcript), the question's
 * slots, the answer language, and the attempt numbers the question refers to, resolved against the log.
 */
import { type AnswerLanguage, say } from './language'
import type { LogReader } from './log-reader'
import type { AttemptReference, QuestionSlots } from './question-slots'

/** One answer's inputs; `names` maps user ids to display names (never required). */
export type AnswerContext = {
  reader: LogReader
  slots: QuestionSlots
  language: AnswerLanguage
  question: string
  names?: ReadonlyMap<string, string>
}

/** The attempts a question names, resolved: numbers present in the log, and those it does not hold. */
export function resolveAttempts(context: AnswerContext): { present: number[]; missing: number[] } {
  const numbers = context.reader.attemptNumbers()
  const last = numbers[numbers.length - 1]
  const resolve = (reference: AttemptReference): number | null =>
    reference === 'last'
      ? (last ?? null)
      : reference === 'first'
        ? (numbers[0] ?? null)
        : reference === 'previous'
          ? last !== undefined && numbers.length > 1
            ? numbers[numbers.length - 2]
            : null
          : reference
  const wanted = [...new Set(context.slots.attempts.map(resolve).filter((value): value is number => value !== null))]
  return {
    present: wanted.filter((attempt) => numbers.includes(attempt)),
    missing: wanted.filter((attempt) => !numbers.includes(attempt)),
  }
}

/** The sentence for attempts the log does not hold, listing the ones it does. */
export function missingAttemptsSentence(context: AnswerContext, missing: number[]): string | null {
  if (missing.length === 0) return null
  const starts = context.reader.attemptStarts()
  const held = starts.length
    ? starts.map((start) => `${start.attempt} (#${start.position})`).join(', ')
    : say(context.language, 'none', '无')
  return say(
    context.language,
    `The log has no attempt ${missing.join(' or ')}; the attempts it holds: ${held}.`,
    `日志里没有第 ${missing.join('、')} 次尝试；日志中的尝试：${held}。`,
  )
}

/** A user id shown as its display name when known (ids are not shown to people who know the name). */
export function personName(context: AnswerContext, id: string): string {
  return context.names?.get(id) ?? id
}
