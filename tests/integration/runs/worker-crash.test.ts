import { afterAll, describe, expect, inject, it } from 'vitest'
import { getDatabase, getPrisma } from '../../../lib/adapters/db/client'
import { runServicesFor } from '../../../lib/services/runs/run-services'
import { submitTaskDraft } from '../../../lib/services/runs/submit-task'
import { createTenantWithUsers } from '../helpers'
import type { LoggedEvent } from '../../../lib/core/events/event'
import { scenarioTask, storedEvents, waitForRun } from './run-helpers'
import { reapWorkers, startWorkerProcess, stopWorker } from '../pressure/worker-processes'

const databaseUrl = inject('databaseUrl')

afterAll(reapWorkers)

describe('a worker process killed mid-run', () => {
  it('refuses to start without a PostgreSQL server (the embedded database has one owner)', async () => {
    await expect(startWorkerProcess('')).rejects.toThrow(/exited \(2\)[\s\S]*needs DATABASE_URL/)
  })

  /** The always-failing demo task with three attempts (each attempt fails, writes a lesson, and the next starts). */
  function threeAttemptTask() {
    const task = scenarioTask('largest-prime')
    return { ...task, reflexion: { ...task.reflexion, maxAttempts: 3 } }
  }

  async function waitForEvent(runId: string, matches: (event: LoggedEvent) => boolean) {
    // Generous: a cold worker process on a busy CI machine took over 30 s to start and reach attempt 2.
    const deadline = Date.now() + 120_000
    while (!(await storedEvents(runId)).some(matches)) {
      if (Date.now() > deadline) throw new Error('the run did not reach the expected event')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  const attemptStarts = (events: LoggedEvent[]) =>
    events.filter((event) => event.type === 'reflexion.attempt_started').map((event) => event.payload.attempt)

  it('resumes at attempt 2 on the next worker after a kill -9 in attempt 2 of 3: contiguous log, no duplicate, finished', async () => {
    expect(databaseUrl, 'this test needs the PostgreSQL test database').toBeTruthy()
    const prisma = await getPrisma()
    const tenant = await createTenantWithUsers()
    await prisma.tenant.update({ where: { id: tenant.id }, data: { settings: { demoLatencyMs: 300 } } })
    const first = await startWorkerProcess(databaseUrl!, { WORKER_CONCURRENCY: '2' })
    const { runId } = await submitTaskDraft(tenant.member.caller, threeAttemptTask())
    await waitForEvent(runId, (event) => event.type === 'reflexion.attempt_started' && event.payload.attempt === 2)
    first.child.kill('SIGKILL')
    await first.exited
    expect((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).status).toBe('running')
    const second = await startWorkerProcess(databaseUrl!, { WORKER_CONCURRENCY: '2' })
    const run = await waitForRun(runId)
    expect(run.status).toBe('failed')
    expect(run.interruptionReason).toBeNull()
    expect(run.attemptsUsed).toBe(3)
    const events = await storedEvents(runId)
    expect(events.map((event) => event.index)).toEqual(events.map((_, position) => position))
    const resumed = events.filter((event) => event.type === 'run.resumed')
    expect(resumed).toHaveLength(1)
    expect(resumed[0].payload).toMatchObject({ fromAttempt: 2 })
    // Attempt 2 began on the first worker, was cut short, and ran again in full on the second.
    expect(attemptStarts(events)).toEqual([1, 2, 2, 3])
    expect(
      events.filter((event) => event.type === 'reflexion.evaluated').map((event) => event.payload.attempt),
    ).toEqual([1, 2, 3])
    expect(events.at(-1)).toMatchObject({ type: 'run.finished', payload: { status: 'failed', attempts: 3 } })
    expect(events.some((event) => event.type === 'run.interrupted')).toBe(false)
    // A job sent again for the finished run does nothing.
    await runServicesFor(await getDatabase()).queue.enqueue({ runId, tenantId: tenant.id })
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    expect((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).eventCount).toBe(events.length)
    await stopWorker(second)
  }, 300_000)

  it('hands a run over on SIGTERM at its next attempt: no worker_lost, finished by the other worker', async () => {
    const prisma = await getPrisma()
    const tenant = await createTenantWithUsers()
    // Slow calls and five attempts: the run is still going when the second worker is up.
    await prisma.tenant.update({ where: { id: tenant.id }, data: { settings: { demoLatencyMs: 2000 } } })
    const first = await startWorkerProcess(databaseUrl!, { WORKER_GRACE_SECONDS: '120', WORKER_CONCURRENCY: '2' })
    const task = threeAttemptTask()
    const { runId } = await submitTaskDraft(tenant.member.caller, {
      ...task,
      reflexion: { ...task.reflexion, maxAttempts: 5 },
    })
    await waitForEvent(runId, (event) => event.type === 'reflexion.attempt_started' && event.payload.attempt === 1)
    const second = await startWorkerProcess(databaseUrl!, { WORKER_CONCURRENCY: '2' })
    expect((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).status).toBe('running')
    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    const run = await waitForRun(runId, 120_000)
    expect(run.status).toBe('failed')
    expect(run.interruptionReason).toBeNull()
    const events = await storedEvents(runId)
    expect(events.map((event) => event.index)).toEqual(events.map((_, position) => position))
    expect(events.some((event) => event.type === 'run.interrupted')).toBe(false)
    // The first worker finished the attempt it was in and stopped at the boundary; the second went on
    // from there: every attempt ran exactly once.
    const resumed = events.filter((event) => event.type === 'run.resumed')
    expect(resumed).toHaveLength(1)
    expect(resumed[0].payload.fromAttempt).toBeGreaterThanOrEqual(2)
    expect(attemptStarts(events)).toEqual([1, 2, 3, 4, 5])
    await stopWorker(second)
  }, 300_000)

  it('sends a queued run whose job vanished to a worker within seconds', async () => {
    const prisma = await getPrisma()
    const tenant = await createTenantWithUsers()
    const { runId } = await submitTaskDraft(tenant.member.caller, scenarioTask('kyoto-walk'))
    // The job is lost (a worker died holding it, or it was deleted): only the run row remains.
    await prisma.$executeRawUnsafe(`DELETE FROM pgboss.job WHERE singleton_key = $1`, runId)
    const worker = await startWorkerProcess(databaseUrl!, { WORKER_CONCURRENCY: '2' })
    const started = Date.now()
    const run = await waitForRun(runId, 30_000)
    expect(run.status).toBe('succeeded')
    // Recovery runs every 5 s and requeues runs without a waiting job older than 5 s: well under the old ~90 s.
    expect(Date.now() - started).toBeLessThan(30_000)
    await stopWorker(worker)
  }, 300_000)
})
