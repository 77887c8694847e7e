import { z } from 'zod'
import { taskInputSchema } from '../runs/task-input'

/** Most items a dataset version holds. */
export const MAX_DATASET_ITEMS = 500

/** A dataset item: a task exactly as a member submits it (the task input schema, defaults filled in). */
export const datasetItemSchema = taskInputSchema

/** A validated dataset item. */
export type DatasetItem = z.output<typeof datasetItemSchema>

const name = z.string().trim().min(1, 'give it a name').max(120, 'at most 120 characters')

/** A new dataset: its name, description, whether it is the tenant's (admins) or the caller's own, and its first items. */
export const createDatasetSchema = z.object({
  name,
  description: z.string().trim().max(2000).default(''),
  shared: z.boolean().default(false),
  items: z.array(datasetItemSchema).max(MAX_DATASET_ITEMS, `at most ${MAX_DATASET_ITEMS} items`).default([]),
})

/** Input of createDataset. */
export type CreateDatasetInput = z.input<typeof createDatasetSchema>

/** An item error of a JSON Lines upload, by its 1-based line number. */
export type LineError = { line: number; message: string }

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ')
}

/**
 * Parses a JSON Lines upload: one task object per non-empty line, each validated by the task input
 * schema. Either every line is valid (the items) or the errors by line number (and no items).
 */
export function parseDatasetJsonLines(text: string): { items: DatasetItem[] } | { errors: LineError[] } {
  const items: DatasetItem[] = []
  const errors: LineError[] = []
  const lines = text.split(/\r?\n/)
  lines.forEach((raw, position) => {
    const line = raw.trim()
    if (!line) return
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      errors.push({ line: position + 1, message: 'not valid JSON' })
      return
    }
    const parsed = datasetItemSchema.safeParse(value)
    if (parsed.success) items.push(parsed.data)
    else errors.push({ line: position + 1, message: describeIssues(parsed.error) })
  })
  if (errors.length > 0) return { errors }
  if (items.length === 0) return { errors: [{ line: 1, message: 'no tasks: write one JSON object per line' }] }
  if (items.length > MAX_DATASET_ITEMS)
    return { errors: [{ line: MAX_DATASET_ITEMS + 1, message: `at most ${MAX_DATASET_ITEMS} items` }] }
  return { items }
}

const modelString = z
  .string()
  .trim()
  .max(200)
  .regex(/^(openai|anthropic|compatible|demo):.+$/, "use 'openai:<model>', 'anthropic:<model>', 'compatible:<model>'")

/**
 * An arm: what it fixes for every run of the experiment. `lessonIds` are the only lessons its runs
 * may recall (empty = lessons off); the rest override the dataset item's settings when given.
 */
export const armSchema = z.object({
  label: z.string().trim().min(1, 'name the arm').max(60),
  lessonIds: z.array(z.string().min(1).max(64)).max(200).default([]),
  model: modelString.optional(),
  lessonMode: z.enum(['monotonic', 'selective']).optional(),
  maxAttempts: z.number().int().min(1).max(10).optional(),
  threshold: z.number().min(0).max(1).optional(),
  topKLessons: z.number().int().min(1).max(20).optional(),
})

/** A validated arm. */
export type Arm = z.output<typeof armSchema>

/** A new experiment: the dataset (its newest version is recorded), 2–4 arms (the first is the baseline) and repeats. */
export const createExperimentSchema = z.object({
  datasetId: z.string().min(1).max(64),
  name: z.string().trim().min(1, 'give it a name').max(120),
  arms: z
    .array(armSchema)
    .min(2, 'compare at least two arms')
    .max(4, 'at most 4 arms')
    .refine((arms) => new Set(arms.map((arm) => arm.label)).size === arms.length, 'arm labels must differ'),
  repeats: z.number().int().min(1).max(5).default(1),
})

/** Input of startExperiment. */
export type CreateExperimentInput = z.input<typeof createExperimentSchema>

/** Reads stored arms (validated when written). */
export function armsOf(value: unknown): Arm[] {
  return z.array(armSchema).parse(value)
}
