import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getPrisma } from '../../../lib/adapters/db/client'
import { PgLessonStore } from '../../../lib/services/lessons/pg-lesson-store'
import { defaultEmbedder } from '../../../lib/services/lessons/embedders'
import { runColumnsOf } from '../../../lib/services/runs/projection'
import { submitTaskDraft } from '../../../lib/services/runs/submit-task'
import type { RunWorker } from '../../../lib/services/runs/run-worker'
import { addUser, createTenantWithUsers, type TestTenant } from '../helpers'
import { scenarioTask, startTestWorker, storedEvents, waitForRun } from './run-helpers'

let worker: RunWorker
let tenant: TestTenant
let otherTenant: TestTenant

beforeAll(async () => {
  tenant = await createTenantWithUsers()
  otherTenant = await createTenantWithUsers()
  worker = await startTestWorker()
})
afterAll(async () => worker.stop())

async function runToEnd(caller: TestTenant['member']['caller'], task: Parameters<typeof submitTaskDraft>[1]) {
  const { runId } = await submitTaskDraft(caller, task)
  const run = await waitForRun(runId)
  return { run, events: await storedEvents(runId) }
}

describe('submit → worker → persisted log', () => {
  it('persists every event in order 0..n-1 with causes, and the row equals the projection of its log', async () => {
    const { run, events } = await runToEnd(tenant.member.caller, scenarioTask('hangzhou-walk'))
    expect(events.map((event) => event.index)).toEqual(events.map((_, position) => position))
    expect(events[0]).toMatchObject({ index: 0, type: 'run.submitted', kind: 'Command', cause: { kind: 'seed' } })
    expect(events.at(-1)?.type).toBe('run.finished')
    for (const event of events.slice(1)) expect(['handler', 'framework']).toContain(event.cause.kind)
    for (const event of events) if (event.cause.kind === 'handler') expect(event.cause.index).toBeLessThan(event.index)
    expect(run.eventCount).toBe(events.length)
    const projection = runColumnsOf(events)
    expect({
      status: run.status,
      attemptsUsed: run.attemptsUsed,
      bestScore: run.bestScore,
      usage: run.usage,
      output: run.output,
    }).toEqual({
      status: projection.status,
      attemptsUsed: projection.attemptsUsed,
      bestScore: projection.bestScore,
      usage: projection.usage,
      output: projection.output,
    })
    expect(run.status).toBe('succeeded')
    expect(run.attemptsUsed).toBe(2)
    expect(run.model).toBe('demo (offline)')
  })

  it('stores the lesson once with provenance, and the same user recalls it on a related task (selective)', async () => {
    const prisma = await getPrisma()
    const lessons = await prisma.lesson.findMany({ where: { tenantId: tenant.id, userKey: tenant.member.id } })
    expect(lessons).toHaveLength(1)
    expect(lessons[0]).toMatchObject({ sourceAttempt: 1, sourceScore: 0, embedder: defaultEmbedder().id })
    expect(lessons[0].sourceRunId).not.toBeNull()
    const { run, events } = await runToEnd(tenant.member.caller, scenarioTask('kyoto-walk'))
    expect(run.status).toBe('succeeded')
    expect(run.attemptsUsed).toBe(1)
    const recalled = events.find((event) => event.type === 'reflexion.lessons_recalled')!
    expect((recalled.payload.lessons as { id: string }[]).map((lesson) => lesson.id)).toEqual([lessons[0].id])
    expect(await prisma.lessonRecall.count({ where: { lessonId: lessons[0].id, runId: run.id, attempt: 1 } })).toBe(1)
    // recalled by attempt 2 of the run that wrote it, then by this run's attempt 1
    expect((await prisma.lesson.findUniqueOrThrow({ where: { id: lessons[0].id } })).timesRecalled).toBe(2)
  })

  it('never shares lessons between two users (selective and monotonic)', async () => {
    for (const mode of ['selective', 'monotonic'] as const) {
      const teacher = await addUser(tenant.id, 'member')
      const stranger = await addUser(tenant.id, 'member')
      expect((await runToEnd(teacher.caller, scenarioTask('hangzhou-walk', mode))).run.attemptsUsed).toBe(2)
      const own = await runToEnd(teacher.caller, scenarioTask('kyoto-walk', mode))
      expect([mode, own.run.attemptsUsed]).toEqual([mode, 1])
      const other = await runToEnd(stranger.caller, scenarioTask('kyoto-walk', mode))
      expect([mode, other.run.attemptsUsed]).toEqual([mode, 2])
      const firstRecall = other.events.find((event) => event.type === 'reflexion.lessons_recalled')!
      expect(firstRecall.payload.lessons).toEqual([])
    }
  })

  it('recalls shared lessons for everyone in the tenant and for nobody in another tenant', async () => {
    const store = new PgLessonStore({ prisma: await getPrisma(), tenantId: tenant.id, embedder: defaultEmbedder() })
    await store.add([
      {
        content: 'When the user asks for a relaxed walking tour, plan at most 3 stops unless they ask for more.',
        metadata: { user_id: '*' },
      },
    ])
    const newcomer = await addUser(tenant.id, 'member')
    expect((await runToEnd(newcomer.caller, scenarioTask('kyoto-walk'))).run.attemptsUsed).toBe(1)
    const outsider = await runToEnd(otherTenant.member.caller, scenarioTask('kyoto-walk'))
    expect(outsider.run.attemptsUsed).toBe(2)
  })

  it('ends a run that always fails with max attempts reached', async () => {
    const { run, events } = await runToEnd(tenant.member.caller, scenarioTask('largest-prime'))
    expect(run.status).toBe('failed')
    expect(events.some((event) => event.type === 'reflexion.max_attempts_reached')).toBe(true)
  })
})
