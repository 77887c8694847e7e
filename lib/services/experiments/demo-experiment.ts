import 'server-only'
import { callerOf } from '../auth/caller'
import { createSharedLesson } from '../lessons/shared-lessons'
import { DEMO_SCENARIOS, ISO_DATE_LESSON, ISO_DATE_SCENARIOS, ISO_DATE_TASK_KEY } from '../../adapters/models/demo'
import { createDataset } from './datasets'
import { createExperiment } from './experiments'

/** The demo organisation's dataset and experiment names (the tests find them by these). */
export const DEMO_DATASET_NAME = 'Date questions'
export const DEMO_EXPERIMENT_NAME = 'Does the ISO date lesson help on the first attempt?'

/** The arms of the demo experiment: one attempt each, so the comparison is the lesson's alone. */
export const DEMO_ARM_LABELS = ['No shared lessons', 'ISO date lesson'] as const

/**
 * Seeds the demo organisation's experiment: a shared lesson about dates, a tenant dataset of the demo
 * model's date questions (six it answers in a refused sentence without the lesson, two it gets right
 * anyway) plus two bundled tasks the lesson has nothing to do with, and a running experiment of that
 * lesson against none. The worker plays it at its start like any resumed experiment, so a new user
 * finds a finished result with no provider. The lesson is about dates only: the tutorial's walking
 * tours never recall it.
 */
export async function seedDemoExperiment(tenantId: string, adminId: string): Promise<{ experimentId: string }> {
  const admin = callerOf({ user: { id: adminId }, active: { tenantId, role: 'admin' } })!
  const lesson = await createSharedLesson(admin, {
    content: ISO_DATE_LESSON,
    taskKey: ISO_DATE_TASK_KEY,
    tags: ['dates'],
  })
  const unrelated = DEMO_SCENARIOS.filter((scenario) => scenario.id === 'book-json' || scenario.id === 'largest-prime')
  const { datasetId } = await createDataset(admin, {
    name: DEMO_DATASET_NAME,
    description:
      'Date questions the offline demo model answers, and two bundled tasks the date lesson has nothing to do with.',
    shared: true,
    items: [...ISO_DATE_SCENARIOS, ...unrelated].map((scenario) => scenario.task),
  })
  return createExperiment(admin, {
    datasetId,
    name: DEMO_EXPERIMENT_NAME,
    arms: [
      { label: DEMO_ARM_LABELS[0], lessonIds: [], maxAttempts: 1 },
      { label: DEMO_ARM_LABELS[1], lessonIds: [lesson.id], maxAttempts: 1 },
    ],
    repeats: 1,
  })
}
