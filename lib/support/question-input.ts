/**
 * The body of a support chat request: one question, bounded. Bad input gets a message that says
 * what was wrong and what is accepted.
 */
import { z } from 'zod'
import { wellFormedInput } from '../actions/storable-text'

/** The longest question accepted, in characters. */
export const MAX_QUESTION_CHARS = 2_000

/** The largest request body read, in bytes (a question of MAX_QUESTION_CHARS in JSON fits easily). */
export const MAX_CHAT_BODY_BYTES = 16_384

/** `{ question }`: a non-blank string of at most MAX_QUESTION_CHARS characters (trimmed). */
export const supportQuestionSchema = z
  .object({
    question: z
      .string({ error: 'question must be a string' })
      .trim()
      .min(1, 'question must not be empty')
      .max(MAX_QUESTION_CHARS, `question must be at most ${MAX_QUESTION_CHARS} characters`)
      // PostgreSQL cannot store NUL (the question is audited); unpaired surrogates become U+FFFD.
      .refine((question) => !question.includes('\u0000'), 'question must not contain a NUL character (\\u0000)')
      .transform((question) => wellFormedInput(question) as string),
  })
  .strict()

/** A validated support question. */
export type SupportQuestionInput = z.infer<typeof supportQuestionSchema>

/** Parses a request body (already read as text): the question, or the reason it was refused. */
export function parseSupportQuestion(body: string): { ok: true; question: string } | { ok: false; error: string } {
  if (body.length > MAX_CHAT_BODY_BYTES)
    return {
      ok: false,
      error: `The request body is too large: send {"question": "…"} with at most ${MAX_QUESTION_CHARS} characters.`,
    }
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
  return { ok: true, question: parsed.data.question }
}
