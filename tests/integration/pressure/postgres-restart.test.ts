// PostgreSQL restarted while runs are in flight. The shared server is never touched: this file starts
// a private PostgreSQL 15 cluster (tests/support/private-postgres.ts), migrates it, runs two worker
// processes against it, restarts the cluster twice mid-runs (every connection cut), and then asserts
// the recovery invariants: every run ended (finished, or interrupted with a reason), logs 0..n-1,
// no lesson stored twice, recall stats counted once. The cluster is deleted at the end, even on failure.
import { describe, expect, it } from 'vitest'
import { DEMO_SCENARIOS } from '../../../lib/adapters/models/demo'
import { submitTaskDraft } from '../../../lib/services/runs/submit-task'
import { privatePostgresUnavailable } from '../../support/private-postgres'
import { addUser, createTenantWithUsers, type TestUser } from '../helpers'
import { assertRecoveredInvariants, unfinishedRuns } from './recovery-invariants'
import { usePrivateDatabase } from './private-database'
import { pause, reapWorkers, startWorkerProcess, stopWorker, type WorkerProcess } from './worker-processes'

const RUNS = 18
const unavailable = privatePostgresUnavailable()
if (unavailable) console.warn(`[pressure] PostgreSQL restart test cannot run a private cluster here: ${unavailable}`)

const privateDatabase = usePrivateDatabase('reflexion_restart', { unavailable, beforeStop: reapWorkers })

/** Polls until no run of the tenants is unfinished, riding out the seconds the server is down. */
async function waitThroughOutages(tenantIds: string[], timeoutMs: number, workers: WorkerProcess[]): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const left = await unfinishedRuns(privateDatabase().database.prisma, tenantIds).catch(() => -1)
    if (left === 0) return
    if (Date.now() > deadline)
      throw new Error(
        `${left} runs unfinished after ${timeoutMs} ms; worker output:\n${workers.map((worker) => worker.output().slice(-3000)).join('\n---\n')}`,
      )
    await pause(250)
  }
}

describe('PostgreSQL restarted while runs are in flight', () => {
  it.runIf(!unavailable)(
    'ends every run with intact logs, lessons and recall stats after two restarts',
    { timeout: 240_000 },
    async () => {
      const prisma = privateDatabase().database.prisma
      const url = privateDatabase().cluster.urlFor('reflexion_restart')
      const tenants = [
        await createTenantWithUsers({ roles: ['member'] }),
        await createTenantWithUsers({ roles: ['member'] }),
      ]
      const users: TestUser[] = []
      for (const tenant of tenants) {
        await prisma.tenant.update({ where: { id: tenant.id }, data: { settings: { demoLatencyMs: 300 } } })
        users.push(tenant.member, await addUser(tenant.id, 'member'))
      }
      const tenantIds = tenants.map((tenant) => tenant.id)
      const workers = [
        await startWorkerProcess(url, { WORKER_CONCURRENCY: '4' }),
        await startWorkerProcess(url, { WORKER_CONCURRENCY: '4' }),
      ]
      for (let position = 0; position < RUNS; position++) {
        const scenario = DEMO_SCENARIOS[position % DEMO_SCENARIOS.length]
        const lessonMode = position % 3 === 0 ? 'monotonic' : 'selective'
        await submitTaskDraft(users[position % users.length].caller, {
          ...scenario.task,
          reflexion: { ...scenario.task.reflexion, lessonMode },
        })
      }
      for (let restart = 0; restart < 2; restart++) {
        const deadline = Date.now() + 20_000
        while (
          (await prisma.run.count({ where: { tenantId: { in: tenantIds }, status: 'running' } }).catch(() => 0)) < 3
        ) {
          if (Date.now() > deadline) throw new Error('runs did not start')
          await pause(50)
        }
        await pause(200)
        const inFlight = await prisma.run.count({ where: { tenantId: { in: tenantIds }, status: 'running' } })
        await privateDatabase().cluster.restart()
        console.log(`[pressure] PostgreSQL restarted with ${inFlight} runs in flight`)
      }
      await waitThroughOutages(tenantIds, 150_000, workers)
      for (const worker of workers)
        expect(worker.child.exitCode, `a worker died:\n${worker.output().slice(-2000)}`).toBeNull()
      for (const worker of workers) await stopWorker(worker)
      const outcomes = await assertRecoveredInvariants(prisma, tenantIds)
      console.log(`[pressure] outcomes after the restarts: ${JSON.stringify(outcomes)}`)
      expect(Object.values(outcomes).reduce((sum, count) => sum + count, 0)).toBe(RUNS)
    },
  )
})
