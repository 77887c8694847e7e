// Human feedback on runs: recorded in the run's log (run.feedback_given, caused by the rated event
// via `feedback`), visible to support and admins, a member's own only to them, counted per lesson.
import { beforeAll, describe, expect, it } from 'vitest'
import { getPrisma } from '../../../lib/adapters/db/client'
import { feedbackCountsPerLesson, listRunFeedback } from '../../../lib/services/feedback/feedback-queries'
import { giveFeedback } from '../../../lib/services/feedback/give-feedback'
import { maxAttemptsReached } from '../../unit/fixtures/run-scenarios'
import { persistRun } from '../support/support-fixtures'
import { addUser, createTenantWithUsers, type TestTenant } from '../helpers'

let tenant: TestTenant
let other: TestTenant
let runId: string
const scenario = maxAttemptsReached()

beforeAll(async () => {
  tenant = await createTenantWithUsers()
  other = await createTenantWithUsers()
  runId = await persistRun(tenant.member, scenario.events)
})

describe('feedback on runs', () => {
  it('a member rates an attempt and the run; both are events of the log, caused by what they rate', async () => {
    const attempt = await giveFeedback(tenant.member.caller, {
      runId,
      attempt: 2,
      rating: 'down',
      comment: 'Still the wrong format',
    })
    const whole = await giveFeedback(tenant.member.caller, { runId, rating: 'up', comment: '' })
    const prisma = await getPrisma()
    const events = await prisma.runEvent.findMany({
      where: { runId, type: 'run.feedback_given' },
      orderBy: { index: 'asc' },
    })
    expect(events.map((event) => event.index)).toEqual([attempt.index, whole.index])
    expect(events[0]).toMatchObject({
      index: scenario.events.length,
      kind: 'DomainEvent',
      payload: { rating: 'down', attempt: 2, comment: 'Still the wrong format', by: tenant.member.id, role: 'member' },
      cause: { kind: 'handler', index: scenario.at.evaluated2, handler: 'feedback' },
    })
    expect(events[1].cause).toEqual({ kind: 'handler', index: scenario.at.finished, handler: 'feedback' })
    expect((await prisma.run.findUnique({ where: { id: runId } }))?.eventCount).toBe(scenario.events.length + 2)
  })

  it('support rates too; support and admins see every rating, a member only their own', async () => {
    await giveFeedback(tenant.support.caller, { runId, rating: 'down', comment: 'checked with the member' })
    const seenBySupport = await listRunFeedback(tenant.support.caller, runId)
    expect(seenBySupport.map((row) => [row.rating, row.attempt, row.mine])).toEqual([
      ['down', null, true],
      ['up', null, false],
      ['down', 2, false],
    ])
    expect((await listRunFeedback(tenant.admin.caller, runId)).length).toBe(3)
    expect((await listRunFeedback(tenant.member.caller, runId)).every((row) => row.mine)).toBe(true)
    expect((await listRunFeedback(tenant.member.caller, runId)).length).toBe(2)
  })

  it('another member, another tenant: not found; nothing written', async () => {
    const peer = await addUser(tenant.id, 'member', 'peer')
    await expect(giveFeedback(peer.caller, { runId, rating: 'up', comment: '' })).rejects.toMatchObject({
      code: 'not_found',
    })
    await expect(giveFeedback(other.admin.caller, { runId, rating: 'up', comment: '' })).rejects.toMatchObject({
      code: 'not_found',
    })
    await expect(listRunFeedback(other.support.caller, runId)).rejects.toMatchObject({ code: 'not_found' })
    const prisma = await getPrisma()
    expect(await prisma.runEvent.count({ where: { runId, type: 'run.feedback_given' } })).toBe(3)
  })

  it('an attempt the run does not have, or a run still going, is refused with a clear message', async () => {
    await expect(
      giveFeedback(tenant.member.caller, { runId, attempt: 9, rating: 'up', comment: '' }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      fieldErrors: { attempt: ['This run has no attempt 9.'] },
    })
    const running = await persistRun(tenant.member, scenario.events.slice(0, 5), { status: 'running' })
    await expect(
      giveFeedback(tenant.member.caller, { runId: running, rating: 'up', comment: '' }),
    ).rejects.toMatchObject({
      message: 'Rate a run once it has finished.',
    })
  })

  it('counts per lesson for the effect page: ratings of runs (and attempts) that recalled it', async () => {
    const counts = await feedbackCountsPerLesson(tenant.admin.caller)
    // l-1 was recalled by attempt 2: the attempt-2 rating and both whole-run ratings count.
    expect(counts.get('l-1')).toEqual({ up: 1, down: 2 })
    expect((await feedbackCountsPerLesson(other.admin.caller)).size).toBe(0)
    await expect(feedbackCountsPerLesson(tenant.member.caller)).rejects.toMatchObject({ code: 'not_found' })
  })
})
