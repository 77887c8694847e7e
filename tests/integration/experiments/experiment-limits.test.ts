// Experiment runs under the tenant's limits on PostgreSQL, through the real queue and workers: a full
// daily quota pauses the experiment (it waits, never fails) until the quota is raised; the runs in
// flight never exceed the experiment's window nor the tenant's concurrency; cancelling ends its pending
// runs and schedules nothing more; a new worker resumes an experiment its predecessor left half done,
// with no cell lost or run twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getPrisma } from '../../../lib/adapters/db/client'
import { getExperimentResults } from '../../../lib/services/experiments/experiment-results'
import { cancelExperiment, getExperiment, startExperiment } from '../../../lib/services/experiments/experiments'
import { experimentWindow } from '../../../lib/services/experiments/scheduler'
import { env } from '../../../lib/env'
import { listRuns } from '../../../lib/services/runs/queries'
import type { RunWorker } from '../../../lib/services/runs/run-worker'
import { createTenantWithUsers, type TestTenant } from '../helpers'
import { startTestWorker } from '../runs/run-helpers'
import { waitForExperiment, walkingDataset, walkingTasks } from './experiment-helpers'

const TENANT_CONCURRENCY = 4
const WINDOW = experimentWindow(env.TENANT_CONCURRENCY)

/** Two arms of one attempt each, no lessons: every run is one agent call. */
const ARMS = [
  { label: 'A', lessonIds: [], maxAttempts: 1 },
  { label: 'B', lessonIds: [], maxAttempts: 1 },
]

async function tenantWithDataset(
  demoLatencyMs: number,
  items = walkingTasks(),
): Promise<{ tenant: TestTenant; datasetId: string }> {
  const tenant = await createTenantWithUsers({ roles: ['admin', 'member'] })
  const prisma = await getPrisma()
  await prisma.tenant.update({ where: { id: tenant.id }, data: { settings: { demoLatencyMs } } })
  return { tenant, datasetId: await walkingDataset(tenant.admin, items) }
}

async function runsOf(experimentId: string) {
  const prisma = await getPrisma()
  return prisma.run.findMany({
    where: { experimentId },
    select: { status: true, experimentArm: true, experimentItem: true, experimentRepeat: true, finishedAt: true },
  })
}

/** Every cell of arms × items × repeats has exactly one run. */
function expectEveryCellOnce(runs: Awaited<ReturnType<typeof runsOf>>, cells: number) {
  const keys = runs.map((run) => `${run.experimentArm}:${run.experimentItem}:${run.experimentRepeat}`)
  expect(new Set(keys).size).toBe(keys.length)
  expect(keys).toHaveLength(cells)
}

let worker: RunWorker | undefined

afterAll(async () => {
  await worker?.stop({ graceMs: 5_000 })
})

describe('experiment limits', () => {
  beforeAll(() => {
    expect(env.TENANT_CONCURRENCY).toBe(TENANT_CONCURRENCY)
  })

  it('a full daily quota pauses the experiment with a reason; raising the quota resumes it to the end', async () => {
    worker ??= await startTestWorker({ tenantConcurrency: TENANT_CONCURRENCY })
    const { tenant, datasetId } = await tenantWithDataset(0)
    const prisma = await getPrisma()
    await prisma.membership.update({ where: { id: tenant.admin.membershipId }, data: { runQuota: 3 } })
    const { experimentId } = await startExperiment(tenant.admin.caller, { datasetId, name: 'Quota', arms: ARMS })
    const waiting = await waitForExperiment(experimentId, (experiment) => experiment.waitingReason !== null)
    expect(waiting.waitingReason).toMatch(/daily run quota of 3 is used up/)
    // The three runs the quota allowed finish; the experiment waits, it does not fail.
    await expect.poll(async () => (await runsOf(experimentId)).filter((run) => run.finishedAt).length).toBe(3)
    await worker.recover()
    expect(await runsOf(experimentId)).toHaveLength(3)
    const paused = await getExperiment(tenant.admin.caller, experimentId)
    expect(paused).toMatchObject({ status: 'running', progress: { total: 16, finished: 3, queued: 0, running: 0 } })
    expect(paused.waitingReason).toMatch(/quota/)

    await prisma.membership.update({ where: { id: tenant.admin.membershipId }, data: { runQuota: null } })
    await worker.recover()
    const finished = await waitForExperiment(experimentId)
    expect(finished).toMatchObject({ status: 'finished', waitingReason: null })
    expectEveryCellOnce(await runsOf(experimentId), 16)
  }, 90_000)

  it('keeps at most its window of runs in flight and the tenant within its concurrency', async () => {
    worker ??= await startTestWorker({ tenantConcurrency: TENANT_CONCURRENCY })
    const { tenant, datasetId } = await tenantWithDataset(60)
    const prisma = await getPrisma()
    const { experimentId } = await startExperiment(tenant.admin.caller, { datasetId, name: 'Window', arms: ARMS })
    let mostInFlight = 0
    let mostRunning = 0
    for (;;) {
      const experiment = await prisma.experiment.findUniqueOrThrow({ where: { id: experimentId } })
      const inFlight = await prisma.run.count({ where: { experimentId, status: { in: ['queued', 'running'] } } })
      const running = await prisma.run.count({ where: { tenantId: tenant.id, status: 'running' } })
      mostInFlight = Math.max(mostInFlight, inFlight)
      mostRunning = Math.max(mostRunning, running)
      if (experiment.status !== 'running') break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(mostInFlight).toBeGreaterThan(0)
    expect(mostInFlight).toBeLessThanOrEqual(WINDOW)
    expect(mostRunning).toBeLessThanOrEqual(TENANT_CONCURRENCY)
    expectEveryCellOnce(await runsOf(experimentId), 16)
  }, 90_000)

  it('cancelling ends its pending runs as cancelled, schedules nothing more and shows as cancelled', async () => {
    worker ??= await startTestWorker({ tenantConcurrency: TENANT_CONCURRENCY })
    // Slow enough that most cells are still to come when it is cancelled.
    const { tenant, datasetId } = await tenantWithDataset(400)
    const { experimentId } = await startExperiment(tenant.admin.caller, { datasetId, name: 'Cancel', arms: ARMS })
    await expect.poll(async () => (await runsOf(experimentId)).length).toBeGreaterThan(0)
    expect(await cancelExperiment(tenant.admin.caller, experimentId)).toEqual({ cancelled: true })
    expect(await cancelExperiment(tenant.admin.caller, experimentId)).toEqual({ cancelled: false })
    await expect
      .poll(async () => (await runsOf(experimentId)).filter((run) => run.finishedAt === null), { timeout: 30_000 })
      .toEqual([])
    await worker.recover()
    const runs = await runsOf(experimentId)
    expect(runs.length).toBeLessThan(16)
    expect(runs.some((run) => run.status === 'cancelled')).toBe(true)
    const { experiment, results } = await getExperimentResults(tenant.admin.caller, experimentId)
    expect(experiment.status).toBe('cancelled')
    expect(experiment.progress).toMatchObject({ queued: 0, running: 0 })
    expect(experiment.progress.cancelled).toBe(runs.filter((run) => run.status === 'cancelled').length)
    expect(results.excludedCancelled).toBe(experiment.progress.cancelled)
  }, 90_000)

  it('a new worker resumes an experiment the stopped one left half done: no cell lost, none run twice', async () => {
    await worker?.stop({ graceMs: 5_000 })
    worker = undefined
    const { tenant, datasetId } = await tenantWithDataset(100)
    const first = await startTestWorker({ tenantConcurrency: TENANT_CONCURRENCY })
    const { experimentId } = await startExperiment(tenant.admin.caller, { datasetId, name: 'Restart', arms: ARMS })
    await expect
      .poll(async () => (await runsOf(experimentId)).filter((run) => run.finishedAt).length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(3)
    await first.stop({ graceMs: 5_000 })
    const left = await runsOf(experimentId)
    expect(left.length).toBeLessThan(16)
    await expect(
      (await getPrisma()).experiment.findUniqueOrThrow({ where: { id: experimentId } }),
    ).resolves.toMatchObject({ status: 'running' })
    worker = await startTestWorker({ tenantConcurrency: TENANT_CONCURRENCY })
    await waitForExperiment(experimentId)
    const runs = await runsOf(experimentId)
    expectEveryCellOnce(runs, 16)
    expect(runs.every((run) => run.status === 'failed' || run.status === 'succeeded')).toBe(true)
    const { results } = await getExperimentResults(tenant.admin.caller, experimentId)
    expect(results.arms.map((arm) => arm.scored)).toEqual([8, 8])
    expect(results.excludedInfrastructure).toBe(0)
    // Its sixteen runs are in no one's run list.
    for (const caller of [tenant.admin.caller, tenant.member.caller])
      expect((await listRuns(caller, { limit: 100 })).runs).toEqual([])
  }, 120_000)
})
