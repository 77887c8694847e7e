import 'server-only'
import { z } from 'zod'
import { defineAction } from '../../boundary/actions/define'
import { idField } from '../curation/fields'
import { AppError } from '../../errors'
import {
  addRunsToDataset,
  appendDatasetItems,
  createDataset,
  createDatasetFromRuns,
  removeDatasetItem,
} from './datasets'
import { activeSharedLessonIds, cancelExperiment, startExperiment } from './experiments'
import { testLesson } from './lesson-test'
import { parseDatasetJsonLines, type DatasetItem } from './schemas'

/** The forms of datasets and experiments (framework-free: tests run them with a real caller). */

const checkbox = z
  .union([z.literal('on'), z.literal('true'), z.literal(''), z.boolean()])
  .optional()
  .transform((value) => value === 'on' || value === 'true' || value === true)

/** JSON Lines from a textarea: every line a valid task, else the errors by line under the field. */
function itemsFromJsonLines(text: string, field = 'jsonl'): DatasetItem[] {
  const parsed = parseDatasetJsonLines(text)
  if ('errors' in parsed)
    throw new AppError('bad_request', 'Nothing was saved: fix the lines below.', {
      [field]: parsed.errors.slice(0, 20).map((error) => `Line ${error.line}: ${error.message}`),
    })
  return parsed.items
}

/** Create a dataset (the caller's own, or the tenant's for admins), optionally from JSON Lines. */
export const createDatasetForm = defineAction({
  permission: 'experiments.manageOwn',
  schema: z.object({
    name: z.string().trim().min(1, 'Give the dataset a name.').max(120, 'At most 120 characters.'),
    description: z.string().trim().max(2000).optional(),
    shared: checkbox,
    jsonl: z.string().max(2_000_000, 'At most 2 MB of JSON Lines.').optional(),
  }),
  handler: async (input, caller) => {
    const items = input.jsonl?.trim() ? itemsFromJsonLines(input.jsonl) : []
    return createDataset(caller, {
      name: input.name,
      description: input.description ?? '',
      shared: input.shared,
      items,
    })
  },
})

/** Append tasks from JSON Lines (a new version). */
export const uploadDatasetItemsForm = defineAction({
  permission: 'experiments.manageOwn',
  schema: z.object({
    datasetId: idField('dataset'),
    jsonl: z.string().trim().min(1, 'Paste or upload one task per line.').max(2_000_000),
  }),
  handler: (input, caller) => appendDatasetItems(caller, input.datasetId, itemsFromJsonLines(input.jsonl)),
})

const evaluatorKinds = ['contains', 'exact', 'regex', 'llm'] as const

/** Add one task by hand (a new version): prompt, evaluator and its expected text, attempts, task key and tags. */
export const addDatasetItemForm = defineAction({
  permission: 'experiments.manageOwn',
  schema: z.object({
    datasetId: idField('dataset'),
    prompt: z.string().trim().min(1, 'Write the task.').max(20_000),
    evaluatorKind: z.enum(evaluatorKinds, { error: 'Choose how the answer is checked.' }),
    expected: z.string().max(2000).optional(),
    taskKey: z.string().trim().max(60).optional(),
    tags: z.string().max(400).optional(),
    maxAttempts: z.coerce.number().int().min(1, 'At least 1.').max(10, 'At most 10.').default(3),
  }),
  handler: async (input, caller) => {
    const expected = input.expected?.trim() ?? ''
    if (input.evaluatorKind !== 'llm' && !expected)
      throw new AppError('bad_request', 'Some fields need attention.', {
        expected: ['Say what the answer must match.'],
      })
    const evaluator =
      input.evaluatorKind === 'llm'
        ? { kind: 'llm' as const, ...(expected && { rubric: expected }) }
        : { kind: input.evaluatorKind, expected }
    const tags = (input.tags ?? '')
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean)
    return appendDatasetItems(caller, input.datasetId, [
      {
        prompt: input.prompt,
        evaluator,
        ...(input.taskKey && { taskKey: input.taskKey }),
        tags,
        reflexion: { maxAttempts: input.maxAttempts },
      },
    ])
  },
})

/** Remove one item (a new version; experiments keep the version they ran). */
export const removeDatasetItemForm = defineAction({
  permission: 'experiments.manageOwn',
  schema: z.object({ datasetId: idField('dataset'), position: z.coerce.number().int().min(0) }),
  handler: (input, caller) => removeDatasetItem(caller, input.datasetId, input.position),
})

/** Add runs (one, or a filtered list) to a dataset, or to a new one named `newName`. */
export const addRunsToDatasetForm = defineAction({
  permission: 'experiments.manageOwn',
  schema: z.object({
    datasetId: z.string().trim().max(64).optional(),
    newName: z.string().trim().max(120).optional(),
    shared: checkbox,
    runIds: z
      .union([z.string(), z.array(z.string())])
      .transform((value) =>
        [value]
          .flat()
          .flatMap((part) => part.split(','))
          .map((id) => id.trim())
          .filter(Boolean),
      )
      .refine((ids) => ids.length > 0 && ids.length <= 500, 'Choose between 1 and 500 runs.'),
  }),
  handler: async (input, caller) => {
    if (input.datasetId) {
      const { added } = await addRunsToDataset(caller, input.datasetId, input.runIds)
      return { datasetId: input.datasetId, added, href: `/datasets/${input.datasetId}` }
    }
    if (!input.newName)
      throw new AppError('bad_request', 'Some fields need attention.', {
        datasetId: ['Choose a dataset or name a new one.'],
      })
    const { datasetId, added } = await createDatasetFromRuns(
      caller,
      { name: input.newName, shared: input.shared },
      input.runIds,
    )
    return { datasetId, added, href: `/datasets/${datasetId}` }
  },
})

const optionalNumber = (min: number, max: number, integer = true) =>
  z
    .union([z.literal(''), z.coerce.number()])
    .optional()
    .transform((value) => (value === '' || value === undefined ? undefined : value))
    .pipe((integer ? z.number().int() : z.number()).min(min).max(max).optional())

/**
 * Start an experiment from the dataset page: a baseline arm without lessons against an arm with the
 * chosen lessons (the same model, lesson mode and attempts for both), repeated.
 */
export const startExperimentForm = defineAction({
  permission: 'experiments.manageOwn',
  schema: z.object({
    datasetId: idField('dataset'),
    name: z.string().trim().min(1, 'Give the experiment a name.').max(120),
    lessonIds: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((value) => [value ?? []].flat().filter(Boolean)),
    model: z.string().trim().max(200).optional(),
    maxAttempts: optionalNumber(1, 10),
    repeats: z.coerce.number().int().min(1, 'At least 1.').max(5, 'At most 5.').default(1),
  }),
  handler: async (input, caller) => {
    // No lesson chosen: the second arm recalls every active shared lesson (do our shared lessons help at all?).
    const lessonIds = input.lessonIds.length > 0 ? input.lessonIds : await activeSharedLessonIds(caller)
    if (lessonIds.length === 0)
      throw new AppError('bad_request', 'Some fields need attention.', {
        lessonIds: ['There are no active shared lessons to compare with no lessons.'],
      })
    const shared = { ...(input.model && { model: input.model }), maxAttempts: input.maxAttempts }
    const { experimentId } = await startExperiment(caller, {
      datasetId: input.datasetId,
      name: input.name,
      arms: [
        { label: 'No lessons', lessonIds: [], ...shared },
        {
          label: input.lessonIds.length > 0 ? 'With the lessons' : 'All shared lessons',
          lessonIds,
          ...shared,
        },
      ],
      repeats: input.repeats,
    })
    return { experimentId, href: `/experiments/${experimentId}` }
  },
})

/** Cancel a running experiment. */
export const cancelExperimentForm = defineAction({
  permission: 'experiments.manageOwn',
  schema: z.object({ experimentId: idField('experiment') }),
  handler: (input, caller) => cancelExperiment(caller, input.experimentId),
})

/** "Test this lesson": a dataset from past runs and a two-arm experiment, in one click. */
export const testLessonForm = defineAction({
  permission: 'experiments.manageTenant',
  schema: z.object({ lessonId: idField('lesson') }),
  handler: async (input, caller) => {
    const { experimentId } = await testLesson(caller, input.lessonId)
    return { experimentId, href: `/experiments/${experimentId}` }
  },
})
