import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { getDatabase, getPrisma } from '../../../lib/db/client'
import { runServicesFor } from '../../../lib/runs/run-services'
import { submitTask } from '../../../lib/runs/submit-task'
import { createTenantWithUsers } from '../helpers'
import { scenarioTask, storedEvents, waitForRun } from './run-helpers'

const databaseUrl = inject('databaseUrl')
const children: ChildProcess[] = []

/** Starts `tsx scripts/worker.ts` against the test database and waits for its ready line. */
function startWorkerProcess(
  env: Record<string, string | undefined>,
): Promise<{ child: ChildProcess; exit: Promise<number | null> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, WORKER_CONCURRENCY: '2', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return new Promise((resolve, reject) => {
    let output = ''
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('executing runs')) resolve({ child, exit })
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    void exit.then((code) => reject(new Error(`worker exited (${code}) before it was ready:\n${output}`)))
    setTimeout(() => reject(new Error(`worker not ready after 30 s:\n${output}`)), 30_000)
  })
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
})

describe('a worker process killed mid-run', () => {
  it('refuses to start without a PostgreSQL server (the embedded database has one owner)', async () => {
    await expect(startWorkerProcess({ DATABASE_URL: '' })).rejects.toThrow(/exited \(2\)[\s\S]*needs DATABASE_URL/)
  })

  it('ends the run interrupted (worker_lost) when the next worker starts: no gap, no duplicate, no lesson twice', async () => {
    expect(databaseUrl, 'this test needs the PostgreSQL test database').toBeTruthy()
    const prisma = await getPrisma()
    const tenant = await createTenantWithUsers()
    await prisma.tenant.update({ where: { id: tenant.id }, data: { settings: { demoLatencyMs: 400 } } })
    const first = await startWorkerProcess({ DATABASE_URL: databaseUrl! })
    const { runId } = await submitTask(tenant.member.caller, scenarioTask('hangzhou-walk'))
    const deadline = Date.now() + 20_000
    while ((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).eventCount < 4) {
      if (Date.now() > deadline) throw new Error('the worker process did not start the run')
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    first.child.kill('SIGKILL')
    await first.exit
    expect((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).status).toBe('running')
    const second = await startWorkerProcess({ DATABASE_URL: databaseUrl! })
    const run = await waitForRun(runId)
    expect(run.status).toBe('interrupted')
    expect(run.interruptionReason).toBe('worker_lost')
    const events = await storedEvents(runId)
    expect(events.map((event) => event.index)).toEqual(events.map((_, position) => position))
    expect(events.slice(-2).map((event) => event.type)).toEqual(['run.interrupted', 'run.finished'])
    const lessons = await prisma.lesson.groupBy({ by: ['normalized'], where: { tenantId: tenant.id }, _count: true })
    for (const group of lessons) expect(group._count).toBe(1)
    // A job sent again for the finished run does nothing.
    await runServicesFor(await getDatabase()).queue.enqueue({ runId, tenantId: tenant.id })
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    expect((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).eventCount).toBe(events.length)
    second.child.kill('SIGTERM')
    await second.exit
  })
})
