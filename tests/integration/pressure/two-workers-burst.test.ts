// Two worker processes under bursts of submissions: every run must start promptly. Run leases used
// to leak advisory locks (a run whose acquire was in flight when the lock connection opened was locked
// twice and released once), so the other worker skipped those runs and they waited for recovery.
import { afterAll, describe, expect, inject, it } from 'vitest'
import { getPrisma } from '../../../lib/adapters/db/client'
import { DEMO_SCENARIOS } from '../../../lib/adapters/models/demo'
import { submitTaskDraft } from '../../../lib/services/runs/submit-task'
import { addUser, createTenantWithUsers } from '../helpers'
import { pause, reapWorkers, startWorkerProcess, stopWorker } from './worker-processes'

const databaseUrl = inject('databaseUrl')
const BURSTS = 3
const RUNS_PER_BURST = 6
// Generous: the leak left runs waiting 60–110 s; a healthy pair starts them as fast as the tenant's three slots free up (well under the bound).
const START_BOUND_MS = 45_000

afterAll(reapWorkers)

describe('two workers under bursts of submissions', () => {
  it('starts every run promptly', { timeout: 240_000 }, async () => {
    expect(databaseUrl, 'this test needs the PostgreSQL test database').toBeTruthy()
    const prisma = await getPrisma()
    const tenant = await createTenantWithUsers({ roles: ['member'] })
    await prisma.tenant.update({ where: { id: tenant.id }, data: { settings: { demoLatencyMs: 20 } } })
    const users = [tenant.member, await addUser(tenant.id, 'member'), await addUser(tenant.id, 'member')]
    const workers = [
      await startWorkerProcess(databaseUrl!, { WORKER_CONCURRENCY: '4', TENANT_CONCURRENCY: '3' }),
      await startWorkerProcess(databaseUrl!, { WORKER_CONCURRENCY: '4', TENANT_CONCURRENCY: '3' }),
    ]
    const runIds: string[] = []
    for (let burst = 0; burst < BURSTS; burst++) {
      const submitted = await Promise.all(
        Array.from({ length: RUNS_PER_BURST }, (_, index) =>
          submitTaskDraft(users[index % users.length].caller, DEMO_SCENARIOS[index % DEMO_SCENARIOS.length].task),
        ),
      )
      runIds.push(...submitted.map((run) => run.runId))
      await pause(500)
    }
    const deadline = Date.now() + 120_000
    let runs = await prisma.run.findMany({ where: { id: { in: runIds } } })
    while (runs.some((run) => run.startedAt === null) && Date.now() < deadline) {
      await pause(250)
      runs = await prisma.run.findMany({ where: { id: { in: runIds } } })
    }
    const late = runs
      .map((run) => ({ id: run.id, waitedMs: (run.startedAt?.getTime() ?? Date.now()) - run.createdAt.getTime() }))
      .filter((run) => run.waitedMs > START_BOUND_MS)
    expect(runs).toHaveLength(BURSTS * RUNS_PER_BURST)
    expect(late).toEqual([])
    for (const worker of workers) await stopWorker(worker)
  })
})
