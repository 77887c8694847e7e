// What the run page shows, computed from a real run's persisted log (demo model, Hangzhou scenario).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { roleUsageOf } from '../../../components/runs/role-usage'
import { buildTimeline } from '../../../components/runs/run-timeline-model'
import { submitTaskDraft } from '../../../lib/services/runs/submit-task'
import { listRunEvents, listRuns } from '../../../lib/services/runs/queries'
import type { RunWorker } from '../../../lib/services/runs/run-worker'
import { createTenantWithUsers, type TestTenant } from '../helpers'
import { scenarioTask, startTestWorker, waitForRun } from '../runs/run-helpers'

let worker: RunWorker
let tenant: TestTenant
beforeAll(async () => {
  tenant = await createTenantWithUsers({ roles: ['member', 'member', 'admin'] })
  worker = await startTestWorker()
})
afterAll(async () => worker.stop())

describe('run page timeline of the Hangzhou demo', () => {
  it('shows attempt 1 failing with feedback, its lesson reaching attempt 2, attempt 2 passing, free demo usage', async () => {
    const { runId } = await submitTaskDraft(tenant.member.caller, scenarioTask('hangzhou-walk'))
    await waitForRun(runId)
    const events = await listRunEvents(tenant.member.caller, runId)
    const timeline = buildTimeline(events)
    expect(timeline.attempts.map((group) => group.attempt)).toEqual([1, 2])
    const [first, second] = timeline.attempts
    expect(first.summary).toMatchObject({ passed: false, score: 0 })
    expect(first.output).toContain('Xixi Wetland')
    expect(first.recalled).toEqual([])
    expect(first.produced).toMatchObject({
      text: expect.stringMatching(/at most 3 stops/),
      reachedNext: true,
      duplicate: false,
    })
    expect(first.produced?.lessonId).toEqual(expect.any(String))
    expect(second.recalled.map((lesson) => lesson.id)).toEqual([first.produced?.lessonId])
    expect(second.summary).toMatchObject({ passed: true, score: 1 })
    expect(second.produced).toBeNull()
    expect(timeline.before.map((event) => event.type)).toContain('run.submitted')
    expect(timeline.outcome.at(-1)?.type).toBe('run.finished')
    // every event lands in exactly one place, in order
    const placed = [...timeline.before, ...timeline.attempts.flatMap((group) => group.events), ...timeline.outcome]
      .map((event) => event.index)
      .sort((a, b) => a - b)
    expect(placed).toEqual(events.map((event) => event.index))
    const usage = roleUsageOf(events)
    expect(usage.total.calls).toBeGreaterThan(0)
    expect(usage.total.costUsd).toBe(0)
    expect(usage.rows.find((row) => row.role === 'agent')?.calls).toBeGreaterThanOrEqual(2)
  })

  it('lists a member only their own runs, and an admin only theirs when asked for their own', async () => {
    const [memberA, memberB, admin] = tenant.users
    const { runId } = await submitTaskDraft(memberB.caller, scenarioTask('book-json'))
    const mine = await listRuns(memberA.caller, { userId: memberA.id })
    expect(mine.runs.every((run) => run.userId === memberA.id)).toBe(true)
    expect(mine.runs.map((run) => run.id)).not.toContain(runId)
    expect((await listRuns(memberB.caller, { userId: memberB.id })).runs.map((run) => run.id)).toContain(runId)
    expect((await listRuns(admin.caller, { userId: admin.id })).runs).toEqual([])
    await expect(listRunEvents(memberA.caller, runId)).rejects.toMatchObject({ code: 'not_found' })
    await waitForRun(runId)
  })
})
