// Experiments through the real worker on PostgreSQL: arms recall only what they allow, the demo
// model's walking tours show the helpful lesson helping and the misleading one hurting, experiment
// runs stay out of run lists and lesson statistics, and infrastructure interruptions are left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getPrisma } from '../../../lib/adapters/db/client'
import { getExperimentResults } from '../../../lib/services/experiments/experiment-results'
import { cancelExperiment, startExperiment } from '../../../lib/services/experiments/experiments'
import { addRunsToDataset, getDataset } from '../../../lib/services/experiments/datasets'
import { sharedLessonEffect } from '../../../lib/services/lessons/lesson-outcomes'
import { listRuns } from '../../../lib/services/runs/queries'
import type { RunWorker } from '../../../lib/services/runs/run-worker'
import { submitTaskDraft } from '../../../lib/services/runs/submit-task'
import { createTenantWithUsers, type TestTenant } from '../helpers'
import { startTestWorker, waitForRun } from '../runs/run-helpers'
import { waitForExperiment, walkingDataset, walkingLessons } from './experiment-helpers'

let tenant: TestTenant
let worker: RunWorker
let lessons: { helpful: string; misleading: string }
let datasetId: string

beforeAll(async () => {
  tenant = await createTenantWithUsers({ roles: ['admin', 'member'] })
  lessons = await walkingLessons(tenant.admin)
  datasetId = await walkingDataset(tenant.admin)
  worker = await startTestWorker()
})

afterAll(async () => {
  await worker?.stop()
})

describe('an experiment on the demo walking tours', () => {
  let experimentId: string

  beforeAll(async () => {
    ;({ experimentId } = await startExperiment(tenant.admin.caller, {
      datasetId,
      name: 'Does the walking lesson help?',
      arms: [
        { label: 'No lessons', lessonIds: [], maxAttempts: 1 },
        { label: 'Walking lesson', lessonIds: [lessons.helpful], maxAttempts: 1 },
        { label: 'Misleading lesson', lessonIds: [lessons.misleading], maxAttempts: 2 },
      ],
      repeats: 1,
    }))
    await waitForExperiment(experimentId)
  }, 90_000)

  it('finishes every cell and records the dataset version it ran', async () => {
    const { experiment, results } = await getExperimentResults(tenant.admin.caller, experimentId)
    expect(experiment.status).toBe('finished')
    expect(experiment.datasetVersion).toBe(1)
    expect(experiment.progress).toMatchObject({ total: 24, finished: 24, queued: 0, running: 0 })
    expect(results.arms.map((arm) => arm.scored)).toEqual([8, 8, 8])
  })

  it('each arm recalls only what it allows: none, the helpful lesson, the misleading one', async () => {
    const { results } = await getExperimentResults(tenant.admin.caller, experimentId)
    const recalledIn = (arm: number) =>
      new Set(results.items.flatMap((item) => item.arms[arm].flatMap((run) => run.recalled.map((lesson) => lesson.id))))
    expect([...recalledIn(0)]).toEqual([])
    expect([...recalledIn(1)]).toEqual([lessons.helpful])
    // With two attempts, the misleading arm also recalls the run's own reflection; never the helpful lesson.
    const misleadingArm = recalledIn(2)
    expect(misleadingArm.has(lessons.misleading)).toBe(true)
    expect(misleadingArm.has(lessons.helpful)).toBe(false)
  })

  it('reads the verdicts: the helpful lesson helps by 100 points, the misleading one is worse than nothing', async () => {
    const { results } = await getExperimentResults(tenant.admin.caller, experimentId)
    expect(results.arms.map((arm) => arm.passRate)).toEqual([0, 1, 0])
    const [helpful, misleading] = results.comparisons
    expect(helpful).toMatchObject({ lessonIds: [lessons.helpful], verdict: { kind: 'helps', meanPoints: 100 } })
    expect(helpful.verdict.label).toBe('helps +100 pts [100, 100]')
    expect(misleading.verdict.kind).toBe('no_evidence')
  })

  it('keeps experiment runs out of run lists, lesson recall counts and the observational effect', async () => {
    const prisma = await getPrisma()
    const { runs } = await listRuns(tenant.admin.caller, { limit: 100 })
    expect(runs).toEqual([])
    const lesson = await prisma.lesson.findUniqueOrThrow({ where: { id: lessons.helpful } })
    expect(lesson.timesRecalled).toBe(0)
    expect(await prisma.lessonRecall.count({ where: { tenantId: tenant.id } })).toBe(0)
    const effects = await sharedLessonEffect(tenant.admin.caller)
    expect(effects.every((effect) => effect.recalling.runs === 0)).toBe(true)
    // Their reflections are not the admin's lessons either.
    expect(await prisma.lesson.count({ where: { tenantId: tenant.id, userKey: tenant.admin.id } })).toBe(0)
  })
})

describe('a harmful lesson against a baseline that passes', () => {
  it('hurts: with two attempts the baseline learns from its own reflection, the misleading arm never does', async () => {
    const { experimentId } = await startExperiment(tenant.admin.caller, {
      datasetId,
      name: 'Does the misleading lesson hurt?',
      arms: [
        { label: 'No lessons', lessonIds: [], maxAttempts: 2 },
        { label: 'Misleading lesson', lessonIds: [lessons.misleading], maxAttempts: 2 },
      ],
    })
    await waitForExperiment(experimentId)
    const { results } = await getExperimentResults(tenant.admin.caller, experimentId)
    expect(results.arms.map((arm) => arm.passRate)).toEqual([1, 0])
    expect(results.arms[0].meanAttemptsToPass).toBe(2)
    expect(results.comparisons[0].verdict).toMatchObject({ kind: 'hurts', meanPoints: -100 })
    expect(results.comparisons[0].verdict.label).toBe('hurts −100 pts [−100, −100]')
  }, 90_000)
})

describe('datasets from runs and infrastructure interruptions', () => {
  it('adds a member run to a member dataset; a run interrupted by the provider is left out and counted apart', async () => {
    const { runId } = await submitTaskDraft(tenant.member.caller, walkingDatasetItem())
    await waitForRun(runId)
    const { createDataset } = await import('../../../lib/services/experiments/datasets')
    const { datasetId: own } = await createDataset(tenant.member.caller, { name: 'Mine' })
    const { added, version } = await addRunsToDataset(tenant.member.caller, own, [runId])
    expect({ added, version }).toEqual({ added: 1, version: 2 })
    const dataset = await getDataset(tenant.member.caller, own)
    expect(dataset.items[0].prompt).toMatch(/walking/)
    // The admin cannot see the member's own dataset: a 404.
    await expect(getDataset(tenant.admin.caller, own)).rejects.toMatchObject({ code: 'not_found' })

    const { experimentId } = await startExperiment(tenant.member.caller, {
      datasetId: own,
      name: 'A broken provider',
      arms: [
        { label: 'Demo', lessonIds: [] },
        // No key for this provider: the run ends interrupted (model_config), an infrastructure failure.
        { label: 'Unconfigured provider', lessonIds: [], model: 'anthropic:claude-none' },
      ],
    })
    await waitForExperiment(experimentId)
    const { results } = await getExperimentResults(tenant.member.caller, experimentId)
    expect(results.arms[1]).toMatchObject({ runs: 1, scored: 0, infrastructure: 1, passRate: null })
    expect(results.excludedInfrastructure).toBe(1)
    expect(results.comparisons[0]).toMatchObject({ unpaired: 1, verdict: { kind: 'no_evidence', pairs: 0 } })
    await expect(cancelExperiment(tenant.admin.caller, experimentId)).rejects.toMatchObject({ code: 'not_found' })
  }, 60_000)
})

function walkingDatasetItem() {
  return {
    prompt: 'Plan a relaxed one-day walking tour of Lisbon. List the stops in order, separated by →.',
    evaluator: { kind: 'regex' as const, expected: '^(?=[\\s\\S]*walk)[^→]*(→[^→]*){0,2}$', caseSensitive: false },
  }
}
