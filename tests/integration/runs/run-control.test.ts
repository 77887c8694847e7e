import { beforeAll, describe, expect, it } from 'vitest'
import { getDatabase, getPrisma } from '../../../lib/adapters/db/client'
import { AppError } from '../../../lib/errors'
import { cancelRun } from '../../../lib/services/runs/cancel-run'
import { EventConflictError } from '../../../lib/services/runs/event-conflict-error'
import { EventWriter } from '../../../lib/services/runs/event-writer'
import { getRun, listRunEvents, listRuns } from '../../../lib/services/runs/queries'
import { openRunSink } from '../../../lib/services/runs/run-log'
import { submitTaskDraft } from '../../../lib/services/runs/submit-task'
import { addUser, createTenantWithUsers, type TestTenant } from '../helpers'
import { scenarioTask, startTestWorker, storedEvents, waitForRun } from './run-helpers'

let tenant: TestTenant

beforeAll(async () => {
  tenant = await createTenantWithUsers()
})

describe('quota, visibility and cancellation', () => {
  it('refuses a run beyond the member quota with a clear error, and the tenant default applies without one', async () => {
    const prisma = await getPrisma()
    const limited = await addUser(tenant.id, 'member')
    await prisma.membership.update({ where: { id: limited.membershipId }, data: { runQuota: 1 } })
    await submitTaskDraft(limited.caller, { prompt: 'first' })
    const refused = await submitTaskDraft(limited.caller, { prompt: 'second' }).catch((error) => error)
    expect(refused).toBeInstanceOf(AppError)
    expect(refused).toMatchObject({ code: 'quota_exceeded' })
    expect(refused.message).toMatch(/daily limit of 1/)
    await prisma.tenant.update({ where: { id: tenant.id }, data: { settings: { dailyRunQuota: 0 } } })
    const other = await addUser(tenant.id, 'member')
    await expect(submitTaskDraft(other.caller, { prompt: 'x' })).rejects.toMatchObject({ code: 'quota_exceeded' })
    await prisma.tenant.update({ where: { id: tenant.id }, data: { settings: {} } })
    expect(await prisma.run.count({ where: { userId: other.id } })).toBe(0)
  })

  it('rejects invalid input with field errors and refuses support (no runs.create)', async () => {
    await expect(
      submitTaskDraft(tenant.member.caller, { prompt: '', reflexion: { maxAttempts: 11 } }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      fieldErrors: expect.objectContaining({ prompt: expect.any(Array) }),
    })
    await expect(submitTaskDraft(tenant.support.caller, { prompt: 'x' })).rejects.toMatchObject({ code: 'not_found' })
  })

  it('lets members see only their own runs; support sees the tenant; another tenant sees nothing', async () => {
    const { runId } = await submitTaskDraft(tenant.member.caller, { prompt: 'visible to me' })
    const peer = await addUser(tenant.id, 'member')
    const stranger = await createTenantWithUsers()
    expect((await getRun(tenant.member.caller, runId)).id).toBe(runId)
    expect((await getRun(tenant.support.caller, runId)).id).toBe(runId)
    await expect(getRun(peer.caller, runId)).rejects.toMatchObject({ code: 'not_found' })
    await expect(getRun(stranger.admin.caller, runId)).rejects.toMatchObject({ code: 'not_found' })
    await expect(listRunEvents(peer.caller, runId)).rejects.toMatchObject({ code: 'not_found' })
    expect((await listRuns(peer.caller)).runs.map((run) => run.id)).not.toContain(runId)
    expect((await listRuns(tenant.support.caller, { q: 'visible to' })).runs.map((run) => run.id)).toContain(runId)
    expect((await listRunEvents(tenant.member.caller, runId))[0]).toMatchObject({
      index: 0,
      type: 'run.submitted',
      cause: { kind: 'seed' },
    })
  })

  it('ends a queued run at once when cancelled, recording who', async () => {
    const { runId } = await submitTaskDraft(tenant.member.caller, { prompt: 'never started' })
    expect(await cancelRun(tenant.member.caller, runId)).toEqual({ outcome: 'ended' })
    const events = await storedEvents(runId)
    expect(events.map((event) => event.type)).toEqual(['run.submitted', 'run.interrupted', 'run.finished'])
    expect(events[1].payload).toMatchObject({ reason: 'cancelled', cancelledBy: tenant.member.id })
    expect((await getRun(tenant.member.caller, runId)).status).toBe('cancelled')
    await expect(cancelRun((await addUser(tenant.id, 'member')).caller, runId)).rejects.toMatchObject({
      code: 'not_found',
    })
  })

  it('stops a running run at its next step through the engine signal (run.interrupted reason cancelled, who)', async () => {
    const prisma = await getPrisma()
    const slowTenant = await createTenantWithUsers()
    await prisma.tenant.update({ where: { id: slowTenant.id }, data: { settings: { demoLatencyMs: 300 } } })
    const worker = await startTestWorker()
    try {
      const { runId } = await submitTaskDraft(slowTenant.member.caller, scenarioTask('hangzhou-walk'))
      while ((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).eventCount < 4)
        await new Promise((resolve) => setTimeout(resolve, 50))
      expect(await cancelRun(slowTenant.admin.caller, runId)).toEqual({ outcome: 'requested' })
      const run = await waitForRun(runId)
      expect(run.status).toBe('cancelled')
      const events = await storedEvents(runId)
      const interrupted = events.find((event) => event.type === 'run.interrupted')!
      expect(interrupted.payload).toMatchObject({ reason: 'cancelled', cancelledBy: slowTenant.admin.id })
      expect(events.at(-1)?.type).toBe('run.finished')
      expect(events.some((event) => event.type === 'reflexion.threshold_met')).toBe(false)
    } finally {
      await worker.stop()
    }
  })
})

describe('the event log under concurrent writers', () => {
  it('lets exactly one of two concurrent appenders win an index; the other gets a conflict, never a gap or a duplicate', async () => {
    const { runId } = await submitTaskDraft(tenant.member.caller, { prompt: 'contested' })
    const { prisma } = await getDatabase()
    const query = (text: string, ...values: unknown[]) => prisma.$queryRawUnsafe(text, ...values) as never
    const writers = [new EventWriter(query), new EventWriter(query), new EventWriter(query)]
    const sinks = await Promise.all(writers.map((writer) => openRunSink(prisma, writer, runId)))
    for (let round = 0; round < 20; round++) {
      const results = await Promise.allSettled(
        sinks.map((sink, position) =>
          sink.append([
            {
              index: sink.nextIndex,
              type: 'agent.tool_called',
              kind: 'IntegrationEvent',
              namespace: 'agent',
              payload: { writer: position, round },
              cause: { kind: 'framework' },
              at: new Date().toISOString(),
            },
          ]),
        ),
      )
      const won = results.filter((result) => result.status === 'fulfilled')
      expect(won.length).toBeLessThanOrEqual(1)
      for (const result of results)
        if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(EventConflictError)
      for (const position of sinks.keys())
        if (results[position].status === 'rejected')
          sinks[position] = await openRunSink(prisma, writers[position], runId)
    }
    const events = await storedEvents(runId)
    expect(events.map((event) => event.index)).toEqual(events.map((_, position) => position))
    expect((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).eventCount).toBe(events.length)
    expect(events.length).toBeGreaterThan(1)
  })
})
