/**
 * What a person says about a run or one of its attempts: thumbs up or down, and a comment. Bad input
 * gets a message under the field it concerns.
 */
import { z } from 'zod'

/** The longest comment kept, in characters. */
export const MAX_FEEDBACK_COMMENT_CHARS = 1_000

/** `{ runId, attempt?, rating, comment? }`; `attempt` absent or empty = the whole run. */
export const feedbackInputSchema = z.object({
  runId: z.string({ error: 'Missing run.' }).trim().min(1, 'Missing run.').max(64, 'That is not a run id.'),
  attempt: z
    .union([
      z.literal('').transform(() => undefined),
      z.coerce.number().int('Pick an attempt.').min(1, 'Pick an attempt.'),
    ])
    .optional(),
  rating: z.enum(['up', 'down'], { error: 'Choose thumbs up or thumbs down.' }),
  comment: z
    .string()
    .trim()
    .max(MAX_FEEDBACK_COMMENT_CHARS, `Keep the comment to at most ${MAX_FEEDBACK_COMMENT_CHARS} characters.`)
    .refine((comment) => !comment.includes('\u0000'), 'The comment must not contain a NUL character.')
    .optional()
    .default(''),
})

/** A validated rating. */
export type FeedbackInput = z.infer<typeof feedbackInputSchema>
