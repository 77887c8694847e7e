// Shared set-up of the experiment tests: the walking-tour dataset the demo model plays, the helpful
// and misleading shared lessons, and waiting for an experiment to settle.
import { getPrisma } from '../../../lib/adapters/db/client'
import { createDataset } from '../../../lib/services/experiments/datasets'
import { createSharedLesson } from '../../../lib/services/lessons/shared-lessons'
import { DEMO_SCENARIOS, MISLEADING_WALKING_LESSON, WALKING_CITY_SCENARIOS } from '../../../lib/adapters/models/demo'
import type { TaskInputDraft } from '../../../lib/services/runs/task-input'
import type { TestUser } from '../helpers'

/** The eight walking tours the demo model answers: five stops without the lesson, three on foot with it. */
export function walkingTasks(): TaskInputDraft[] {
  return [...DEMO_SCENARIOS.filter((scenario) => /walk/.test(scenario.id)), ...WALKING_CITY_SCENARIOS].map(
    (scenario) => scenario.task,
  )
}

/** The helpful walking lesson and the misleading one, shared in the admin's tenant. */
export async function walkingLessons(admin: TestUser): Promise<{ helpful: string; misleading: string }> {
  const helpful = await createSharedLesson(admin.caller, {
    content: DEMO_SCENARIOS[0].lesson,
    tags: ['walking'],
    taskKey: 'walking-tour',
  })
  const misleading = await createSharedLesson(admin.caller, {
    content: MISLEADING_WALKING_LESSON,
    tags: ['walking'],
    taskKey: 'walking-tour',
  })
  return { helpful: helpful.id, misleading: misleading.id }
}

/** A tenant dataset of the walking tours, made by the admin. */
export async function walkingDataset(admin: TestUser, items = walkingTasks()): Promise<string> {
  const { datasetId } = await createDataset(admin.caller, { name: 'Walking tours', shared: true, items })
  return datasetId
}

/** Waits until the experiment is no longer running (or `until` holds) and returns its row. */
export async function waitForExperiment(
  experimentId: string,
  until: (experiment: { status: string; waitingReason: string | null }) => boolean = (experiment) =>
    experiment.status !== 'running',
  timeoutMs = 60_000,
) {
  const prisma = await getPrisma()
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const experiment = await prisma.experiment.findUniqueOrThrow({ where: { id: experimentId } })
    if (until(experiment)) return experiment
    if (Date.now() > deadline)
      throw new Error(`experiment ${experimentId} still ${experiment.status} after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
