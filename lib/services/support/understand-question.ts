/**
 * A question understood in its conversation: its topic (intent), its slots, its language, and —
 * for a follow-up such as "and on attempt 3?" or "那第三次呢？" — the topic carried over from the
 * earlier questions, with the new slots replacing the old ones.
 */
import { type AnswerLanguage, languageOf } from './language'
import { type Intent, rankIntents } from './question-intents'
import { type QuestionSlots, questionSlots } from './question-slots'

/** What the agent takes a question to ask. */
export type Understanding = {
  intent: Intent | null
  slots: QuestionSlots
  language: AnswerLanguage
  /** True when the topic came from an earlier question. */
  followUp: boolean
  /** The best score of the topic found in this question itself. */
  strength: number
}

/** A topic needs at least this weight to stand on its own; weaker questions lean on the conversation. */
export const MIN_INTENT_SCORE = 2
const FOLLOW_UP_OPENING =
  /^\s*(and|also|what about|how about|and what about|then|same for|ok,? and|so|now)\b|^\s*(那|还有|那么|再|这)|呢\s*[？?]?\s*$/i

/** Understands one question; `history` holds the earlier questions of the conversation, oldest first. */
export function understandQuestion(question: string, history: readonly string[] = []): Understanding {
  const slots = questionSlots(question)
  const language = languageOf(question)
  const ranked = rankIntents(question)
  const top = ranked[0]
  const declineScore = ranked.find((entry) => entry.intent === 'decline')?.score ?? 0
  const best = ranked.find((entry) => entry.intent !== 'decline')
  // Something the log cannot hold ("who is the CEO?") outweighs a stray topic word ("who"), or is strong by itself.
  if (
    declineScore > 0 &&
    (declineScore >= 4 || (best?.score ?? 0) < MIN_INTENT_SCORE) &&
    declineScore >= (best?.score ?? 0)
  )
    return { intent: 'decline', slots, language, followUp: false, strength: declineScore }
  const looksLikeFollowUp = FOLLOW_UP_OPENING.test(question) && question.length < 80
  const strong = best && best.score >= MIN_INTENT_SCORE && !(looksLikeFollowUp && best.score < 4 && slotsGiven(slots))
  if (strong && best) return { intent: best.intent, slots, language, followUp: false, strength: best.score }
  // Only a follow-up ("and on attempt 3?", "attempt 2?", "那第三次呢？") takes the earlier topic: an unrelated
  // question after a conversation is not answered with the last answer again.
  if (history.length > 0 && (looksLikeFollowUp || slotsGiven(slots))) {
    const previous = understandQuestion(history[history.length - 1], history.slice(0, -1))
    if (previous.intent && previous.intent !== 'decline')
      return {
        intent: previous.intent,
        slots: {
          attempts: slots.attempts.length ? slots.attempts : previous.slots.attempts,
          role: slots.role ?? previous.slots.role,
          breakdown: slots.breakdown ?? previous.slots.breakdown,
        },
        language,
        followUp: true,
        strength: top?.score ?? 0,
      }
  }
  if (best) return { intent: best.intent, slots, language, followUp: false, strength: best.score }
  if (slots.attempts.length) return { intent: 'attempts', slots, language, followUp: false, strength: 0 }
  return { intent: null, slots, language, followUp: false, strength: 0 }
}

function slotsGiven(slots: QuestionSlots): boolean {
  return slots.attempts.length > 0 || slots.role !== null || slots.breakdown !== null
}
