import { z } from 'zod'

/**
 * The one normalisation of tags and task keys, used by every form and service that writes or matches them
 * (the task form, the shared-lesson forms, proposals), so `Travel Planning` typed by an admin and
 * `travel-planning` typed by a member are the same tag. Pure: safe in the browser too.
 */

/** The longest tag, in characters, after normalisation. */
export const MAX_TAG_CHARS = 40
/** The most tags one lesson or task carries. */
export const MAX_TAGS = 10
/** The longest task key, in characters. */
export const MAX_TASK_KEY_CHARS = 80

const LABEL = /^[\p{L}\p{N}][\p{L}\p{N}\p{M}._:-]*$/u

/**
 * A label as stored: NFKC (full-width forms folded), no leading `#`, lower case, runs of spaces and
 * underscores as one `-`. `  #Travel  Planning ` → `travel-planning`, `Ｔｏｋｙｏ` → `tokyo`.
 */
export function normaliseLabel(raw: string): string {
  return raw
    .normalize('NFKC')
    .trim()
    .replace(/^#+\s*/, '')
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/-{2,}/g, '-')
}

/** Tags from a comma-separated string or a list: normalised, empty ones dropped, duplicates removed. */
export function normaliseTags(raw: string | readonly string[] | undefined | null): string[] {
  const parts = (typeof raw === 'string' ? [raw] : (raw ?? [])).flatMap((part) => part.split(/[,，、;]/))
  return [...new Set(parts.map(normaliseLabel).filter(Boolean))]
}

/** Why a normalised label is not accepted, or undefined when it is. */
function labelProblem(label: string, what: 'tag' | 'task key', max: number): string | undefined {
  if (label.length > max) return `A ${what} has at most ${max} characters.`
  if (!LABEL.test(label))
    return `A ${what} starts with a letter or digit and holds letters, digits, "-", ".", ":" (spaces become "-"), like walking-tour.`
  return undefined
}

/** Tags as forms and services take them: a comma-separated string or a list, normalised and checked. */
export const tagsSchema = z
  .union([z.string(), z.array(z.string())], { error: 'List tags separated by commas.' })
  .optional()
  .nullable()
  .transform((value, context) => {
    const tags = normaliseTags(value)
    if (tags.length > MAX_TAGS) context.addIssue({ code: 'custom', message: `Use at most ${MAX_TAGS} tags.` })
    for (const tag of tags) {
      const problem = labelProblem(tag, 'tag', MAX_TAG_CHARS)
      if (problem) {
        context.addIssue({ code: 'custom', message: `“${tag.slice(0, 50)}”: ${problem}` })
        break
      }
    }
    return tags
  })

/** An optional task key, normalised like a tag; empty = none (null). */
export const taskKeySchema = z
  .string({ error: 'Write the task key as text.' })
  .optional()
  .nullable()
  .transform((value, context) => {
    const key = normaliseLabel(value ?? '')
    if (!key) return null
    const problem = labelProblem(key, 'task key', MAX_TASK_KEY_CHARS)
    if (problem) context.addIssue({ code: 'custom', message: problem })
    return key
  })
