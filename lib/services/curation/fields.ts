import { z } from 'zod'
import { tagsSchema, taskKeySchema } from '../../core/reflexion/lesson-labels'
import { cleanLesson, MAX_LESSON_CHARS } from '../../core/reflexion/lesson-text'

/** Form fields shared by the lesson forms: the same hygiene and bounds as the engine's own lessons. */

/** An id posted by a form (hidden input). */
export const idField = (what: string) =>
  z
    .string({ error: `Missing ${what}.` })
    .trim()
    .min(1, `Missing ${what}.`)
    .max(64, `That is not a valid ${what}.`)
    .regex(/^[A-Za-z0-9_-]+$/, `That is not a valid ${what}.`)

/** A lesson: one line of 3 to MAX_LESSON_CHARS characters, cleaned like a reflector's reply (role markers, control characters, line breaks). */
export const lessonTextField = z
  .string({ error: 'Write the lesson as text.' })
  .trim()
  .min(3, 'Write at least 3 characters.')
  .max(MAX_LESSON_CHARS, `A lesson is one short sentence: at most ${MAX_LESSON_CHARS} characters.`)
  .transform((text) => cleanLesson(text))
  .refine(
    (text) => text.length >= 3,
    'After removing markup and control characters, too little text is left: write a plain sentence.',
  )

/** Tags as a comma-separated list (or repeated fields), normalised like everywhere else (lib/core/reflexion/lesson-labels). */
export const tagsField = tagsSchema

/** An optional task key (e.g. `travel.walking-tour`), normalised like a tag; empty = none. */
export const taskKeyField = taskKeySchema

/** An optional expiry date (YYYY-MM-DD, UTC), strictly in the future; empty = never. */
export const expiryField = z
  .string({ error: 'Pick a date.' })
  .trim()
  .optional()
  .transform((value, context) => {
    if (!value) return null
    const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(Number.NaN)
    if (Number.isNaN(date.getTime())) {
      context.addIssue({ code: 'custom', message: 'Use a date like 2030-01-31.' })
      return z.NEVER
    }
    if (date.getTime() <= Date.now()) {
      context.addIssue({ code: 'custom', message: 'Pick a date after today, or leave it empty for no expiry.' })
      return z.NEVER
    }
    return date
  })

/** A checkbox: checked when posted as "on"/"true" (or a boolean true). */
export const checkboxField = z.preprocess((value) => value === true || value === 'on' || value === 'true', z.boolean())
