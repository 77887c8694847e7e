// Approving a proposal: the shared lesson (user key '*') keeps the provenance of the member's lesson
// (source run, attempt, score) and takes the admin's tags and task key; the shared lesson, the
// approved proposal and the audit entries are written in one transaction — a duplicate shared
// lesson leaves nothing half-written and the proposal pending; two admins approving at once make
// exactly one shared lesson.
import { beforeAll, describe, expect, it } from 'vitest'
import { getPrisma } from '../../../lib/adapters/db/client'
import { defaultEmbedder } from '../../../lib/services/lessons/embedders'
import { PgLessonStore } from '../../../lib/services/lessons/pg-lesson-store'
import { approveProposal, createSharedLesson, proposeLesson } from '../../../lib/services/lessons/queries'
import { SHARED_LESSON } from '../../../lib/core/reflexion/lesson-modes'
import { addUser, createTenantWithUsers, type TestTenant, type TestUser } from '../helpers'

let tenant: TestTenant
let secondAdmin: TestUser

async function memberLesson(content: string, provenance: { runId: string; attempt: number; score: number }) {
  const prisma = await getPrisma()
  const store = new PgLessonStore({
    prisma,
    tenantId: tenant.id,
    embedder: defaultEmbedder(),
    scope: { taskKey: 'walking-tour', tags: ['travel'] },
  })
  const [lessonId] = await store.add([
    {
      content,
      metadata: {
        user_id: tenant.member.id,
        run_id: provenance.runId,
        attempt: provenance.attempt,
        score: provenance.score,
      },
    },
  ])
  return lessonId
}

async function state(proposalId: string) {
  const prisma = await getPrisma()
  const proposal = await prisma.lessonProposal.findUniqueOrThrow({ where: { id: proposalId } })
  const audits = await prisma.auditLog.findMany({
    where: { tenantId: tenant.id, targetId: proposalId },
    select: { action: true },
  })
  const shared = await prisma.lesson.count({ where: { tenantId: tenant.id, userKey: SHARED_LESSON } })
  return {
    status: proposal.status,
    sharedLessonId: proposal.sharedLessonId,
    audits: audits.map((entry) => entry.action),
    shared,
  }
}

beforeAll(async () => {
  tenant = await createTenantWithUsers({ roles: ['admin', 'member'] })
  secondAdmin = await addUser(tenant.id, 'admin', 'second-admin')
})

describe('approving a proposal', () => {
  it("creates the shared lesson with the member lesson's source run, attempt and score and the admin's tags and task key", async () => {
    const prisma = await getPrisma()
    const lessonId = await memberLesson('Plan at most 3 stops for a relaxed walking tour.', {
      runId: 'run-provenance-1',
      attempt: 1,
      score: 0.25,
    })
    const { proposalId } = await proposeLesson(tenant.member.caller, lessonId)
    const shared = await approveProposal(tenant.admin.caller, proposalId, {
      content: 'Plan at most 3 stops for a relaxed walking tour.',
      tags: ['walking'],
      taskKey: 'city-walk',
    })
    expect(shared).toMatchObject({
      userKey: SHARED_LESSON,
      shared: true,
      sourceRunId: 'run-provenance-1',
      sourceAttempt: 1,
      sourceScore: 0.25,
      tags: ['walking'],
      taskKey: 'city-walk',
    })
    expect(await state(proposalId)).toMatchObject({
      status: 'approved',
      sharedLessonId: shared.id,
      audits: ['lesson.proposal_approved'],
    })
    const created = await prisma.auditLog.findFirstOrThrow({
      where: { tenantId: tenant.id, targetId: shared.id, action: 'lesson.shared_created' },
    })
    expect(created.details).toMatchObject({ sourceRunId: 'run-provenance-1', taskKey: 'city-walk' })
  })

  it("keeps the member lesson's task key and tags when the admin does not give any", async () => {
    const lessonId = await memberLesson('Check museum opening hours before a walking tour.', {
      runId: 'run-provenance-2',
      attempt: 2,
      score: 0.5,
    })
    const { proposalId } = await proposeLesson(tenant.member.caller, lessonId)
    const shared = await approveProposal(tenant.admin.caller, proposalId, {
      content: 'Check museum opening hours before a walking tour.',
    })
    expect(shared).toMatchObject({
      taskKey: 'walking-tour',
      tags: ['travel'],
      sourceRunId: 'run-provenance-2',
      sourceAttempt: 2,
    })
  })

  it('a duplicate shared lesson is a clear conflict and writes nothing: the proposal stays pending', async () => {
    const text = 'Carry water on summer walking tours.'
    // The member's lesson first: a member re-learning an existing shared text strengthens the shared one instead.
    const lessonId = await memberLesson(text, { runId: 'run-provenance-3', attempt: 1, score: 0 })
    await createSharedLesson(tenant.admin.caller, { content: text })
    const { proposalId } = await proposeLesson(tenant.member.caller, lessonId)
    const before = await state(proposalId)
    await expect(
      approveProposal(tenant.admin.caller, proposalId, { content: `  ${text.toUpperCase()} ` }),
    ).rejects.toMatchObject({
      code: 'conflict',
      message: 'A shared lesson with this text already exists.',
    })
    expect(await state(proposalId)).toEqual({ ...before, status: 'pending', sharedLessonId: null, audits: [] })
    // Edited to a new text, the same proposal is then approved.
    const shared = await approveProposal(tenant.admin.caller, proposalId, {
      content: 'Carry water and shade on summer walking tours.',
    })
    expect(await state(proposalId)).toMatchObject({
      status: 'approved',
      sharedLessonId: shared.id,
      shared: before.shared + 1,
    })
  })

  it('two admins approving the same proposal at once make exactly one shared lesson and one approval', async () => {
    const lessonId = await memberLesson('Start walking tours before the midday heat.', {
      runId: 'run-provenance-4',
      attempt: 1,
      score: 0.1,
    })
    const { proposalId } = await proposeLesson(tenant.member.caller, lessonId)
    const before = await state(proposalId)
    const outcomes = await Promise.allSettled([
      approveProposal(tenant.admin.caller, proposalId, { content: 'Start walking tours before the midday heat.' }),
      approveProposal(secondAdmin.caller, proposalId, {
        content: 'Start walking tours early, before the midday heat.',
      }),
    ])
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
    const rejected = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult
    expect(rejected.reason).toMatchObject({ code: 'conflict', message: 'This proposal was already approved.' })
    expect(await state(proposalId)).toMatchObject({
      status: 'approved',
      audits: ['lesson.proposal_approved'],
      shared: before.shared + 1,
    })
  })
})
