// Worker processes killed with SIGKILL at random moments, again and again, while runs of two tenants
// (demo model with latency, both lesson modes) are submitted; new workers start after each kill,
// sometimes two at once. After recovery every run must have ended with no gap, duplicate, double
// lesson or double-counted recall (see recovery-invariants.ts).
import crypto from 'node:crypto'
import { afterAll, describe, expect, inject, it } from 'vitest'
import PgBoss from 'pg-boss'
import { getDatabase, getPrisma } from '../../../lib/adapters/db/client'
import { DEMO_SCENARIOS } from '../../../lib/adapters/models/demo'
import { RUNS_QUEUE } from '../../../lib/adapters/jobs/run-queue'
import { runServicesFor } from '../../../lib/services/runs/run-services'
import { startRunWorker } from '../../../lib/services/runs/run-worker'
import { submitTaskDraft } from '../../../lib/services/runs/submit-task'
import { addUser, createTenantWithUsers, type TestUser } from '../helpers'
import { seededRandom } from './marker-model'
import { assertRecoveredInvariants, unfinishedRuns, waitForAllRuns } from './recovery-invariants'
import { killWorker, pause, reapWorkers, startWorkerProcess, stopWorker, type WorkerProcess } from './worker-processes'

const databaseUrl = inject('databaseUrl')
const KILL_ROUNDS = 5
const RUNS_PER_ROUND = 8
const seed = Number(process.env.PRESSURE_SEED ?? crypto.randomInt(2 ** 31))
const random = seededRandom(seed)

afterAll(reapWorkers)

/** A random demo task in a random lesson mode. */
function randomTask() {
  const scenario = DEMO_SCENARIOS[Math.floor(random() * DEMO_SCENARIOS.length)]
  const lessonMode = random() < 0.5 ? 'selective' : 'monotonic'
  return { ...scenario.task, reflexion: { ...scenario.task.reflexion, lessonMode } }
}

/** Waits until some run of these tenants is running (or the time is up: the round then kills idle workers). */
async function untilARunIsRunning(
  prisma: Awaited<ReturnType<typeof getPrisma>>,
  tenantIds: string[],
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if ((await prisma.run.count({ where: { tenantId: { in: tenantIds }, status: 'running' } })) > 0) return
    await pause(100)
  }
}

describe('workers killed mid-run, repeatedly', () => {
  it('resumes or ends every run with intact logs, lessons and recall stats', { timeout: 240_000 }, async () => {
    expect(databaseUrl, 'this test needs the PostgreSQL test database').toBeTruthy()
    console.log(`[pressure] worker kills seed ${seed}`)
    const prisma = await getPrisma()
    const tenants = [
      await createTenantWithUsers({ roles: ['member'] }),
      await createTenantWithUsers({ roles: ['member'] }),
    ]
    const users: TestUser[] = []
    for (const tenant of tenants) {
      await prisma.tenant.update({ where: { id: tenant.id }, data: { settings: { demoLatencyMs: 400 } } })
      users.push(tenant.member, await addUser(tenant.id, 'member'), await addUser(tenant.id, 'member'))
    }
    const tenantIds = tenants.map((tenant) => tenant.id)
    const submit = async (count: number) => {
      for (let position = 0; position < count; position++)
        await submitTaskDraft(users[Math.floor(random() * users.length)].caller, randomTask())
    }

    let kills = 0
    let alive: WorkerProcess[] = []
    for (let round = 0; round < KILL_ROUNDS; round++) {
      const starting = random() < 0.4 ? 2 : 1
      for (let count = 0; count < starting; count++) alive.push(await startWorkerProcess(databaseUrl!))
      await submit(RUNS_PER_ROUND)
      // A kill should land mid-run: wait until a worker has taken a run (a cold worker can take a few
      // seconds to start polling on a busy machine; killed before that, it proved nothing).
      await untilARunIsRunning(prisma, tenantIds, 30_000)
      await pause(300 + Math.floor(random() * 1500))
      // Kill one worker, or all of them.
      const victims = random() < 0.5 ? alive : [alive[Math.floor(random() * alive.length)]]
      for (const victim of victims) await killWorker(victim)
      kills += victims.length
      alive = alive.filter((worker) => !victims.includes(worker))
    }
    const runningAtLastKill = await prisma.run.count({ where: { tenantId: { in: tenantIds }, status: 'running' } })
    console.log(
      `[pressure] ${kills} workers killed; ${await unfinishedRuns(prisma, tenantIds)} runs unfinished, ${runningAtLastKill} of them marked running`,
    )

    // Recovery: fresh workers end the runs the dead ones held and execute what is still queued.
    for (const worker of alive) await killWorker(worker)
    const finalWorkers = [await startWorkerProcess(databaseUrl!), await startWorkerProcess(databaseUrl!)]
    const recoveryStarted = Date.now()
    await waitForAllRuns(prisma, tenantIds, 180_000)
    console.log(
      `[pressure] all runs ended ${((Date.now() - recoveryStarted) / 1000).toFixed(1)} s after the final workers started`,
    )
    for (const worker of finalWorkers) await stopWorker(worker)

    const outcomes = await assertRecoveredInvariants(prisma, tenantIds)
    console.log(`[pressure] outcomes after recovery: ${JSON.stringify(outcomes)}`)
    expect(Object.values(outcomes).reduce((sum, count) => sum + count, 0)).toBe(KILL_ROUNDS * RUNS_PER_ROUND)
    // Runs whose worker was killed resume after their last completed attempt (worker_lost only after 3 losses).
    const resumedRuns = await prisma.runEvent.groupBy({
      by: ['runId'],
      where: { tenantId: { in: tenantIds }, type: 'run.resumed' },
    })
    expect(resumedRuns.length, 'the kills hit runs in flight, and they resumed').toBeGreaterThan(0)
    expect((outcomes.succeeded ?? 0) + (outcomes.failed ?? 0), 'runs also completed').toBeGreaterThan(0)
    expect(
      Object.keys(outcomes).filter((key) => !['succeeded', 'failed', 'interrupted:worker_lost'].includes(key)),
    ).toEqual([])
  })

  it(
    'does not let a job left active by a dead worker block the queue once its run is sent again',
    { timeout: 60_000 },
    async () => {
      const database = await getDatabase()
      const tenant = await createTenantWithUsers({ roles: ['member'] })
      const { runId: orphan } = await submitTaskDraft(tenant.member.caller, DEMO_SCENARIOS[0].task)
      // A worker fetched the orphan's job and died before claiming the run: the job stays active.
      const deadWorker = new PgBoss({ connectionString: databaseUrl!, schedule: false, supervise: false })
      await deadWorker.start()
      // The queue may still hold jobs of the test before (their runs have ended): the dead worker takes
      // them too, and the orphan's among them, rather than whichever job comes first.
      const jobs = await deadWorker.fetch<{ runId: string }>(RUNS_QUEUE, { batchSize: 100 })
      const fetched = jobs.find((job) => job.data.runId === orphan)
      await deadWorker.stop({ graceful: false, wait: true })
      expect(fetched?.data.runId).toBe(orphan)
      // Recovery sends the orphan's job again; another member submits a run meanwhile.
      await runServicesFor(database).queue.enqueue({ runId: orphan, tenantId: tenant.id })
      const { runId: bystander } = await submitTaskDraft(tenant.member.caller, DEMO_SCENARIOS[2].task)
      const worker = await startRunWorker({
        database,
        concurrency: 2,
        tenantConcurrency: 4,
        retry: false,
        recoverEveryMs: 600_000,
      })
      try {
        const prisma = database.prisma
        await waitForAllRuns(prisma, [tenant.id], 30_000)
        const runs = await prisma.run.findMany({ where: { id: { in: [orphan, bystander] } }, select: { status: true } })
        expect(runs.map((run) => run.status).sort()).toEqual(['succeeded', 'succeeded'])
      } finally {
        await worker.stop()
      }
    },
  )
})
