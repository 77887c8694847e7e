// The demo organisation's experiment on PostgreSQL: the seed records it, a worker plays it with the
// offline demo model (no provider), and the result is a real comparison: the ISO date lesson passes six
// more items on the first attempt, changes nothing on the four others. The tutorial's walking tour in
// the same organisation never recalls the date lesson (its attempt 1 still fails and learns).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callerOf } from '../../../lib/services/auth/caller'
import { getPrisma } from '../../../lib/adapters/db/client'
import {
  DEMO_ARM_LABELS,
  DEMO_DATASET_NAME,
  DEMO_EXPERIMENT_NAME,
} from '../../../lib/services/experiments/demo-experiment'
import { getExperimentResults } from '../../../lib/services/experiments/experiment-results'
import { ISO_DATE_LESSON } from '../../../lib/adapters/models/demo'
import type { RunWorker } from '../../../lib/services/runs/run-worker'
import { submitTaskDraft } from '../../../lib/services/runs/submit-task'
import { DEMO_TENANT_SLUG, seedDemo } from '../../../scripts/seed'
import { scenarioTask, startTestWorker, storedEvents, waitForRun } from '../runs/run-helpers'
import { waitForExperiment } from './experiment-helpers'

let worker: RunWorker
let tenantId: string
let experimentId: string

beforeAll(async () => {
  const prisma = await getPrisma()
  expect(await seedDemo(prisma, () => {})).toBe('created')
  const tenant = await prisma.tenant.findUniqueOrThrow({ where: { slug: DEMO_TENANT_SLUG } })
  tenantId = tenant.id
  // Quicker than the demo's own delay; the script is the same.
  await prisma.tenant.update({ where: { id: tenantId }, data: { settings: { demoLatencyMs: 0 } } })
  const experiment = await prisma.experiment.findFirstOrThrow({ where: { tenantId } })
  experimentId = experiment.id
  expect(experiment).toMatchObject({ name: DEMO_EXPERIMENT_NAME, status: 'running' })
  expect(await prisma.run.count({ where: { experimentId } })).toBe(0)
  // As at the embedded start: the seed only records the experiment, the starting worker schedules it.
  worker = await startTestWorker()
  await waitForExperiment(experimentId, undefined, 120_000)
}, 180_000)

afterAll(async () => {
  await worker?.stop()
})

async function caller(email: string) {
  const prisma = await getPrisma()
  const membership = await prisma.membership.findFirstOrThrow({ where: { tenantId, user: { email } } })
  return callerOf({ user: { id: membership.userId }, active: { tenantId, role: membership.role } })!
}

describe('the demo experiment', () => {
  it('finishes with the demo model: the lesson helps on six of ten items and changes nothing on four', async () => {
    const { experiment, results, items } = await getExperimentResults(await caller('admin@demo.test'), experimentId)
    expect(experiment).toMatchObject({ status: 'finished', datasetName: DEMO_DATASET_NAME, itemCount: 10 })
    expect(items).toHaveLength(10)
    expect(results.arms.map((arm) => arm.label)).toEqual([...DEMO_ARM_LABELS])
    expect(results.arms.map((arm) => [arm.scored, arm.passRate])).toEqual([
      [10, 0.2],
      [10, 0.8],
    ])
    expect(results.excludedInfrastructure).toBe(0)
    const [comparison] = results.comparisons
    expect(comparison.verdict).toMatchObject({ kind: 'helps', meanPoints: 60, pairs: 10 })
    // Per item: the baseline passes only where the agent writes ISO dates anyway.
    const passed = (arm: number) => results.items.map((item) => item.arms[arm].map((run) => run.passed).join())
    expect(passed(0)).toEqual(['false', 'false', 'false', 'false', 'false', 'false', 'true', 'true', 'false', 'false'])
    expect(passed(1)).toEqual(['true', 'true', 'true', 'true', 'true', 'true', 'true', 'true', 'false', 'false'])
    const recalledInLessonArm = results.items.slice(0, 8).map((item) => item.arms[1][0].recalled.map((l) => l.content))
    expect(recalledInLessonArm.every((recalled) => recalled.includes(ISO_DATE_LESSON))).toBe(true)
    expect(results.items.flatMap((item) => item.arms[0][0].recalled)).toEqual([])
  })

  it('leaves the tutorial alone: its tasks never recall the date lesson; the walking tour still learns', async () => {
    const ada = await caller('ada@demo.test')
    for (const scenario of ['hangzhou-walk', 'book-json', 'largest-prime']) {
      const { runId } = await submitTaskDraft(ada, scenarioTask(scenario))
      const run = await waitForRun(runId, 60_000)
      if (scenario === 'hangzhou-walk') expect(run).toMatchObject({ status: 'succeeded', attemptsUsed: 2 })
      const recalled = (await storedEvents(runId))
        .filter((event) => event.type === 'reflexion.lessons_recalled')
        .flatMap((event) => (event.payload as { lessons: { content: string }[] }).lessons.map((l) => l.content))
      expect(recalled, scenario).not.toContain(ISO_DATE_LESSON)
    }
  }, 120_000)

  it('is seeded once: a second seed finds the organisation and adds nothing', async () => {
    const prisma = await getPrisma()
    expect(await seedDemo(prisma, () => {})).toBe('existing')
    expect(await prisma.experiment.count({ where: { tenantId } })).toBe(1)
    expect(await prisma.dataset.count({ where: { tenantId } })).toBe(1)
  })
})
