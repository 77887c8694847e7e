import { beforeAll, describe, expect, it } from 'vitest'
import { getPrisma } from '../../../lib/adapters/db/client'
import { defaultEmbedder } from '../../../lib/services/lessons/embedders'
import { PgLessonStore } from '../../../lib/services/lessons/pg-lesson-store'
import { PgMemory } from '../../../lib/services/lessons/pg-memory'
import {
  approveProposal,
  createSharedLesson,
  deleteMyLesson,
  getLesson,
  lessonEffect,
  listMyLessons,
  listProposals,
  listSharedLessons,
  proposeLesson,
  rejectProposal,
  retireSharedLesson,
  updateMyLesson,
  updateSharedLesson,
} from '../../../lib/services/lessons/queries'
import { addUser, createTenantWithUsers, type TestTenant } from '../helpers'

let tenant: TestTenant
let other: TestTenant

beforeAll(async () => {
  tenant = await createTenantWithUsers()
  other = await createTenantWithUsers()
})

const storeFor = async (tenantId: string) =>
  new PgLessonStore({ prisma: await getPrisma(), tenantId, embedder: defaultEmbedder() })

describe('lesson store on PostgreSQL', () => {
  it('dedupes per user, keeps provenance, and filters tenant, user, status and expiry inside the query', async () => {
    const store = await storeFor(tenant.id)
    const metadata = { user_id: tenant.member.id, run_id: null, attempt: 2, score: 0.25 }
    const [first] = await store.add([{ content: 'Check units before answering.', metadata }])
    const [again] = await store.add([{ content: '  check UNITS before answering ', metadata }])
    expect(again).toBe(first)
    const row = await (await getPrisma()).lesson.findUniqueOrThrow({ where: { id: first } })
    expect(row).toMatchObject({ sourceAttempt: 2, sourceScore: 0.25, userKey: tenant.member.id })
    for (let position = 0; position < 30; position++)
      await store.add([
        { content: `Check units before answering, variant ${position}.`, metadata: { user_id: `someone-${position}` } },
      ])
    const hits = await store.search('check units', { k: 3, filter: { user_id: [tenant.member.id, '*'] } })
    expect(hits.map((hit) => hit.id)).toEqual([first])
    expect(
      await (await storeFor(other.id)).search('check units', { k: 3, filter: { user_id: [tenant.member.id, '*'] } }),
    ).toEqual([])
    await (await getPrisma()).lesson.update({ where: { id: first }, data: { expiresAt: new Date(Date.now() - 1000) } })
    expect(await store.search('check units', { k: 3, filter: { user_id: [tenant.member.id] } })).toEqual([])
  })

  it('keeps working memory blocks per tenant and user', async () => {
    const memory = new PgMemory({ prisma: await getPrisma(), tenantId: tenant.id })
    await memory.setBlock('u1', 'reflexion_lessons', 'a\nb')
    expect(await memory.getBlock('u1', 'reflexion_lessons')).toBe('a\nb')
    expect(await memory.working('u2')).toEqual({})
    expect(
      await new PgMemory({ prisma: await getPrisma(), tenantId: other.id }).getBlock('u1', 'reflexion_lessons'),
    ).toBeUndefined()
  })
})

describe('lesson queries for pages', () => {
  it('lets a member manage only their own lessons and read shared ones', async () => {
    const store = await storeFor(tenant.id)
    const [mine] = await store.add([
      { content: 'Quote the source of every figure.', metadata: { user_id: tenant.member.id } },
    ])
    const peer = await addUser(tenant.id, 'member')
    expect((await listMyLessons(tenant.member.caller, { q: 'source' })).map((lesson) => lesson.id)).toEqual([mine])
    await expect(getLesson(peer.caller, mine)).rejects.toMatchObject({ code: 'not_found' })
    await expect(updateMyLesson(peer.caller, mine, { content: 'hijacked lesson' })).rejects.toMatchObject({
      code: 'not_found',
    })
    expect(
      (await updateMyLesson(tenant.member.caller, mine, { content: 'Quote the source of every number.' })).content,
    ).toBe('Quote the source of every number.')
    expect(
      (await store.search('Quote the source of every number.', { k: 1, filter: { user_id: tenant.member.id } }))[0]
        .score,
    ).toBeCloseTo(1, 5)
    await deleteMyLesson(tenant.member.caller, mine)
    await expect(getLesson(tenant.member.caller, mine)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('curates shared lessons with audit entries; members cannot', async () => {
    const prisma = await getPrisma()
    await expect(createSharedLesson(tenant.member.caller, { content: 'Nope.' })).rejects.toMatchObject({
      code: 'not_found',
    })
    const shared = await createSharedLesson(tenant.admin.caller, {
      content: 'Normalize dates to ISO 8601 before answering.',
      tags: ['Dates'],
      taskKey: 'dates',
    })
    expect(shared).toMatchObject({ shared: true, tags: ['dates'], taskKey: 'dates' })
    expect((await getLesson(tenant.member.caller, shared.id)).id).toBe(shared.id)
    await expect(getLesson(other.member.caller, shared.id)).rejects.toMatchObject({ code: 'not_found' })
    await updateSharedLesson(tenant.admin.caller, shared.id, { content: 'Write dates as ISO 8601 (YYYY-MM-DD).' })
    expect(
      (
        await (
          await storeFor(tenant.id)
        ).search('Write dates as ISO 8601 (YYYY-MM-DD).', { k: 1, filter: { user_id: '*' } })
      )[0].id,
    ).toBe(shared.id)
    await retireSharedLesson(tenant.admin.caller, shared.id)
    expect((await listSharedLessons(tenant.member.caller)).map((lesson) => lesson.id)).not.toContain(shared.id)
    expect(
      (await listSharedLessons(tenant.admin.caller, { includeRetired: true })).map((lesson) => lesson.id),
    ).toContain(shared.id)
    expect(await (await storeFor(tenant.id)).search('dates', { k: 5, filter: { user_id: '*' } })).toEqual([])
    const actions = (await prisma.auditLog.findMany({ where: { tenantId: tenant.id, targetId: shared.id } })).map(
      (entry) => entry.action,
    )
    expect(actions).toEqual(
      expect.arrayContaining(['lesson.shared_created', 'lesson.shared_updated', 'lesson.shared_retired']),
    )
  })

  it('reviews proposals: personal data must be edited out or confirmed; rejection keeps a reason', async () => {
    const store = await storeFor(tenant.id)
    const [withEmail] = await store.add([
      { content: 'Email bob@example.com before booking walking tours.', metadata: { user_id: tenant.member.id } },
    ])
    const { proposalId } = await proposeLesson(tenant.member.caller, withEmail)
    const [pending] = await listProposals(tenant.admin.caller)
    expect(pending.personalData.map((range) => range.kind)).toEqual(['email'])
    await expect(approveProposal(tenant.admin.caller, proposalId, { content: pending.content })).rejects.toMatchObject({
      code: 'bad_request',
    })
    const lesson = await approveProposal(tenant.admin.caller, proposalId, {
      content: 'Confirm bookings before planning walking tours.',
    })
    expect(lesson.shared).toBe(true)
    await expect(approveProposal(tenant.admin.caller, proposalId, { content: 'again' })).rejects.toMatchObject({
      code: 'conflict',
    })
    const [another] = await store.add([
      { content: 'Always pick the cheapest hotel.', metadata: { user_id: tenant.member.id } },
    ])
    const second = await proposeLesson(tenant.member.caller, another)
    await rejectProposal(tenant.admin.caller, second.proposalId, 'Too specific to one trip.')
    expect((await listProposals(tenant.admin.caller, { status: 'rejected' }))[0].reviewNote).toBe(
      'Too specific to one trip.',
    )
    const effect = await lessonEffect(tenant.admin.caller)
    expect(effect.find((row) => row.lessonId === lesson.id)).toMatchObject({
      timesRecalled: 0,
      withLesson: { runs: 0 },
    })
    await expect(lessonEffect(tenant.member.caller)).rejects.toMatchObject({ code: 'not_found' })
  })
})
