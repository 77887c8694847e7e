// The database goes away between a job's handler and the write of its outcome (complete or fail):
// pg-boss 10's own work() loop does not await that write, so its rejection was unhandled and ended the
// process. On a private PostgreSQL cluster, a worker slot takes a run's job, stops the server from inside
// the handler, and ends (returning, then throwing): the process must stay up with no unhandled rejection,
// the job must be left active (its outcome is lost, not invented), and once the server is back the
// worker's recovery must still end the run with an intact log.
import { beforeAll, describe, expect, it } from 'vitest'
import { DEMO_SCENARIOS } from '../../../lib/adapters/models/demo'
import { runServicesFor } from '../../../lib/services/runs/run-services'
import { startRunWorker } from '../../../lib/services/runs/run-worker'
import { submitTaskDraft } from '../../../lib/services/runs/submit-task'
import { privatePostgresUnavailable } from '../../support/private-postgres'
import { createTenantWithUsers } from '../helpers'
import { assertRecoveredInvariants, waitForAllRuns } from './recovery-invariants'
import { usePrivateDatabase } from './private-database'

const unavailable = privatePostgresUnavailable()
if (unavailable) console.warn(`[pressure] lost job outcome test cannot run a private cluster here: ${unavailable}`)

const unhandled: unknown[] = []
const recordUnhandled = (reason: unknown) => unhandled.push(reason)
beforeAll(() => void process.on('unhandledRejection', recordUnhandled))
const privateDatabase = usePrivateDatabase('reflexion_lost_outcome', {
  unavailable,
  beforeStop: () => void process.off('unhandledRejection', recordUnhandled),
})

describe('a job outcome that cannot be written', () => {
  it.runIf(!unavailable)(
    'neither ends the process nor loses the run: the job stays active and recovery ends the run',
    { timeout: 180_000 },
    async () => {
      const prisma = privateDatabase().database.prisma
      const services = runServicesFor(privateDatabase().database)
      const tenant = await createTenantWithUsers({ roles: ['member'] })
      const runIds: string[] = []
      for (const outcome of ['complete', 'fail'] as const) {
        const scenario = DEMO_SCENARIOS[runIds.length % DEMO_SCENARIOS.length]
        const { runId } = await submitTaskDraft(tenant.member.caller, scenario.task)
        runIds.push(runId)
        let handled!: () => void
        const taken = new Promise<void>((resolve) => (handled = resolve))
        await services.queue.work(1, async (job) => {
          expect(job.runId).toBe(runId)
          await privateDatabase().cluster.stop('immediate')
          handled()
          if (outcome === 'fail') throw new Error('the handler failed while the database was down')
        })
        await taken
        // Resolves once the slot has tried to write the outcome (against the stopped server).
        await services.queue.stopWorking()
        expect(unhandled, `${outcome}: unhandled rejections`).toEqual([])
        await privateDatabase().cluster.start()
        const jobs = await prisma.$queryRaw<{ state: string }[]>`
          SELECT state::text FROM pgboss.job WHERE name = 'runs' AND singleton_key = ${runId}`
        expect(
          jobs.map((job) => job.state),
          `${outcome}: the job's outcome was lost, so it stays active`,
        ).toEqual(['active'])
      }
      const worker = await startRunWorker({
        database: privateDatabase().database,
        concurrency: 2,
        recoverEveryMs: 500,
        retentionEverySeconds: false,
        reembedEverySeconds: false,
      })
      try {
        await waitForAllRuns(prisma, [tenant.id], 90_000)
      } finally {
        await worker.stop({ graceMs: 5_000 })
      }
      const outcomes = await assertRecoveredInvariants(prisma, [tenant.id])
      expect(Object.values(outcomes).reduce((sum, count) => sum + count, 0)).toBe(runIds.length)
      expect(unhandled).toEqual([])
    },
  )
})
