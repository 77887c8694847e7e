/**
 * The body of a support chat request: one question, bounded. Bad input gets a message that says
 * what was wrong and what is accepted.
 */
import { z } from 'zod'
import { wellFormedInput } from '../../boundary/actions/storable-text'

/** The longest question accepted, in characters. */
export const MAX_QUESTION_CHARS = 2_000

/** The largest request body read, in bytes (a question of MAX_QUESTION_CHARS in JSON fits easily). */
export const MAX_CHAT_BODY_BYTES = 65_536

/** The most earlier questions of a conversation sent with a question (older ones are dropped by the browser). */
export const MAX_HISTORY_QUESTIONS = 10

const questionText = z
  .string({ error: 'question must be a string' })
  .trim()
  .min(1, 'question must not be empty')
  .max(MAX_QUESTION_CHARS, `question must be at most ${MAX_QUESTION_CHARS} characters`)
  .refine((question) => !question.includes('\u0000'), 'question must not contain a NUL character (\\u0000)')
  .transform((question) => wellFormedInput(question) as string)

/**
 * `{ question, history? }`: a non-blank question of at most MAX_QUESTION_CHARS characters (trimmed),
 * and the conversation's earlier questions (oldest first, at most MAX_HISTORY_QUESTIONS) for follow-ups.
 */
export const supportQuestionSchema = z
  .object({
    history: z
      .array(questionText, { error: 'history must be a list of earlier questions' })
      .max(MAX_HISTORY_QUESTIONS, `history must hold at most ${MAX_HISTORY_QUESTIONS} questions`)
      .optional(),
    // PostgreSQL cannot store NUL (the question is audited); unpaired surrogates become U+FFFD.
    question: questionText,
  })
  .strict()

/** A validated support question. */
export type SupportQuestionInput = z.infer<typeof supportQuestionSchema>

/** The refusal of a body larger than MAX_CHAT_BODY_BYTES (read or declared). */
export const BODY_TOO_LARGE = `The request body is too large: send {"question": "…"} with at most ${MAX_QUESTION_CHARS} characters.`

/** Parses a request body (already read as text): the question, or the reason it was refused. */
export function parseSupportQuestion(
  body: string,
): { ok: true; question: string; history: string[] } | { ok: false; error: string } {
  if (body.length > MAX_CHAT_BODY_BYTES) return { ok: false, error: BODY_TOO_LARGE }
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    return { ok: false, error: 'The request body is not JSON: send {"question": "…"}.' }
  }
  const parsed = supportQuestionSchema.safeParse(json)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown field(s): ${issue.keys.join(', ')}`
        : issue.path.length
          ? issue.message
          : 'send a JSON object {"question": "…"}',
    )
    return { ok: false, error: `Invalid question: ${problems.join('; ')}.` }
  }
  return { ok: true, question: parsed.data.question, history: parsed.data.history ?? [] }
}
