import { z } from 'zod'
import { UNSAFE_KEY_SEGMENTS } from '../../boundary/actions/safe-keys'
import { taskInputSchema, type TaskInput } from './task-input'

// The New task form posts flat, dotted names (`reflexion.threshold`, `architecture.workers.0.name`).
// This module turns them into a task draft and reports every problem under the same dotted name,
// so each error can be shown under its own field. Objects (tests, API callers) pass straight through.

const NUMBER_FIELDS = new Set([
  'reflexion.maxAttempts',
  'reflexion.threshold',
  'reflexion.topKLessons',
  'reflexion.maxLessons',
  'maxTurns',
])
const OPTIONAL_TEXT_FIELDS = new Set(['title', 'evaluator.rubric', 'taskKey'])

/** What each numeric field accepts, said the same way whatever was wrong with it. */
export const FIELD_RULES: Record<string, string> = {
  'reflexion.maxAttempts': 'Enter a whole number of attempts from 1 to 10.',
  'reflexion.threshold': 'Enter a passing score from 0 to 1, like 0.8.',
  'reflexion.topKLessons': 'Enter a whole number of lessons to recall, from 1 to 20.',
  'reflexion.maxLessons': 'Enter a whole number of lessons to keep, from 1 to 100.',
  maxTurns: 'Enter a whole number of turns from 1 to 50.',
  taskKey:
    'Use a short key of letters, digits, ".", ":" or "-" (at most 80 characters; spaces become "-"), like walking-tour.',
  tags: 'List at most 10 tags separated by commas, each of letters, digits, ".", ":" or "-" (at most 40 characters; spaces become "-").',
}

function coerce(path: string, value: unknown): unknown {
  if (typeof value !== 'string') return value
  if (NUMBER_FIELDS.has(path)) {
    if (value.trim() === '') return undefined
    const number = Number(value)
    return Number.isFinite(number) ? number : value
  }
  if (path === 'evaluator.caseSensitive' || path === 'reflexion.lessonAfterFinalFailure')
    return value === 'on' || value === 'true'
  if (path === 'tools') return [value]
  if (OPTIONAL_TEXT_FIELDS.has(path) && value.trim() === '') return undefined
  return value
}

// Objects are built without a prototype and names reaching one are skipped (runAction refuses them
// before this runs): `__proto__.status` must never become Object.prototype.status for the whole process.
function setPath(target: Record<string, unknown>, segments: string[], value: unknown): void {
  if (segments.some((segment) => UNSAFE_KEY_SEGMENTS.has(segment))) return
  let node: Record<string, unknown> = target
  segments.slice(0, -1).forEach((segment, position) => {
    const nextIsIndex = /^\d+$/.test(segments[position + 1])
    if (!Object.hasOwn(node, segment) || typeof node[segment] !== 'object' || node[segment] === null)
      node[segment] = nextIsIndex ? [] : Object.create(null)
    node = node[segment] as Record<string, unknown>
  })
  node[segments[segments.length - 1]] = value
}

/** Builds a nested draft from flat dotted form names; already nested values are kept as they are. */
export function draftFromForm(raw: Record<string, unknown>): Record<string, unknown> {
  const draft: Record<string, unknown> = Object.create(null)
  for (const [key, value] of Object.entries(raw)) setPath(draft, key.split('.'), coerce(key, value))
  const evaluator = draft.evaluator as Record<string, unknown> | undefined
  if (evaluator && typeof evaluator === 'object') draft.evaluator = evaluatorOf(evaluator)
  const architecture = draft.architecture as Record<string, unknown> | undefined
  if (architecture?.kind === 'react') draft.architecture = { kind: 'react' }
  if (architecture?.kind === 'supervisor') {
    const workers = architecture.workers ?? []
    architecture.workers = Array.isArray(workers)
      ? workers.filter((worker) => worker !== undefined && worker !== null)
      : workers
  }
  return draft
}

// Keeps only the fields of the chosen evaluator: the form posts every evaluator's fields.
function evaluatorOf(evaluator: Record<string, unknown>): Record<string, unknown> {
  const { kind, rubric, schema, expected, caseSensitive } = evaluator
  if (kind === 'llm') return rubric === undefined ? { kind } : { kind, rubric }
  if (kind === 'json_schema') return { kind, schema }
  if (kind === 'exact' || kind === 'contains' || kind === 'regex')
    return { kind, expected, caseSensitive: caseSensitive ?? false }
  return evaluator
}

// A bad tag is reported under the one Tags field (`tags.2` → `tags`).
function pathOf(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join('.')
  return path.startsWith('tags.') ? 'tags' : path.startsWith('tools.') ? 'tools' : path
}

/**
 * The form's schema: flat form fields (or a nested draft) → a valid TaskInput, with every problem
 * reported under its dotted field path (`evaluator.schema`, `reflexion.threshold`, …).
 */
export const taskFormSchema = z
  .record(z.string(), z.unknown(), { error: 'Send the task as form fields.' })
  .transform((raw, context): TaskInput => {
    const draft = draftFromForm(raw)
    const evaluator = draft.evaluator as Record<string, unknown> | undefined
    if (evaluator?.kind === 'json_schema' && typeof evaluator.schema === 'string') {
      const text = evaluator.schema.trim()
      try {
        evaluator.schema = JSON.parse(text === '' ? 'null' : text)
      } catch (error) {
        context.addIssue({
          code: 'custom',
          path: ['evaluator.schema'],
          message: `This is not valid JSON (${(error as Error).message}). Paste a JSON Schema object, like {"type": "object"}.`,
        })
        return z.NEVER
      }
      if (typeof evaluator.schema !== 'object' || evaluator.schema === null || Array.isArray(evaluator.schema)) {
        context.addIssue({
          code: 'custom',
          path: ['evaluator.schema'],
          message: 'Paste a JSON Schema object, like {"type": "object", "required": ["title"]}.',
        })
        return z.NEVER
      }
    }
    if (
      (evaluator?.kind === 'exact' || evaluator?.kind === 'contains') &&
      typeof evaluator.expected === 'string' &&
      evaluator.expected.trim() === ''
    ) {
      context.addIssue({
        code: 'custom',
        path: ['evaluator.expected'],
        message: 'Write the expected answer the output is compared with.',
      })
    }
    const parsed = taskInputSchema.safeParse(draft)
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = pathOf(issue)
        const message = FIELD_RULES[path] ?? capitalise(issue.message)
        context.addIssue({ code: 'custom', path: path ? [path] : [], message })
      }
      return z.NEVER
    }
    return parsed.data
  })

function capitalise(message: string): string {
  const sentence = message.charAt(0).toUpperCase() + message.slice(1)
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`
}
