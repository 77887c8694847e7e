// Issue 11 on the real database: an absent or malformed id given to a service is a clear 400 with a field
// error and changes nothing. Before, an undefined id dropped out of the Prisma `where` and the service
// acted on the tenant's first row (approving or rejecting someone's proposal, removing a member).
import { beforeAll, describe, expect, it } from 'vitest'
import { runAction } from '../../../lib/boundary/actions/define'
import { approveProposalForm, rejectProposalForm } from '../../../lib/services/curation/review-forms'
import { getPrisma } from '../../../lib/adapters/db/client'
import { defaultEmbedder } from '../../../lib/services/lessons/embedders'
import { PgLessonStore } from '../../../lib/services/lessons/pg-lesson-store'
import {
  approveProposal,
  proposeLesson,
  rejectProposal,
  updateSharedLesson,
} from '../../../lib/services/lessons/queries'
import { getLesson } from '../../../lib/services/lessons/my-lessons'
import { removeMember } from '../../../lib/services/tenants/members'
import { revokeInvitation } from '../../../lib/services/tenants/invitations'
import { createTenantWithUsers, type TestTenant } from '../helpers'

let tenant: TestTenant
let proposalId: string
const GARBAGE: unknown[] = [undefined, null, '', '  ', "x' OR '1'='1", 'a'.repeat(65), 42, { not: 'x' }, ['x']]

beforeAll(async () => {
  tenant = await createTenantWithUsers()
  const store = new PgLessonStore({ prisma: await getPrisma(), tenantId: tenant.id, embedder: defaultEmbedder() })
  const [lessonId] = await store.add([
    { content: 'Check opening hours before a museum visit.', metadata: { user_id: tenant.member.id } },
  ])
  ;({ proposalId } = await proposeLesson(tenant.member.caller, lessonId))
})

/** What the services may change: the tenant's proposals, lessons and memberships. */
async function snapshot() {
  const prisma = await getPrisma()
  const where = { tenantId: tenant.id }
  return {
    proposals: await prisma.lessonProposal.findMany({ where, orderBy: { id: 'asc' } }),
    lessons: await prisma.lesson.findMany({ where, orderBy: { id: 'asc' }, select: { id: true, status: true } }),
    members: await prisma.membership.findMany({ where, orderBy: { id: 'asc' } }),
  }
}

describe('a service given an id that is absent or cannot be an id', () => {
  it.each(GARBAGE.map((id) => [JSON.stringify(id) ?? 'undefined', id]))(
    '%s: approve, reject, edit, read and remove are a 400 with a field error, and nothing changes',
    async (_label, id) => {
      const before = await snapshot()
      const bad = (field: string) => ({ code: 'bad_request', fieldErrors: { [field]: [expect.any(String)] } })
      const asId = id as string
      await expect(approveProposal(tenant.admin.caller, asId, { content: 'Check hours first.' })).rejects.toMatchObject(
        bad('proposalId'),
      )
      await expect(rejectProposal(tenant.admin.caller, asId, 'Not general enough.')).rejects.toMatchObject(
        bad('proposalId'),
      )
      await expect(updateSharedLesson(tenant.admin.caller, asId, { tags: ['x'] })).rejects.toMatchObject(
        bad('lessonId'),
      )
      await expect(getLesson(tenant.admin.caller, asId)).rejects.toMatchObject(bad('lessonId'))
      await expect(removeMember(tenant.admin.caller, asId)).rejects.toMatchObject(bad('membershipId'))
      await expect(revokeInvitation(tenant.admin.caller, asId)).rejects.toMatchObject(bad('invitationId'))
      expect(await snapshot()).toEqual(before)
    },
  )

  it('the review forms answer with the reason under the proposal field; the proposal stays pending', async () => {
    for (const id of [undefined, "x' OR '1'='1"]) {
      const approved = await runAction(
        approveProposalForm,
        { proposalId: id, content: 'Check hours.' },
        tenant.admin.caller,
      )
      const rejected = await runAction(
        rejectProposalForm,
        { proposalId: id, reason: 'Too specific.' },
        tenant.admin.caller,
      )
      for (const result of [approved, rejected])
        expect(result).toMatchObject({ ok: false, fieldErrors: { proposalId: [expect.stringMatching(/proposal/)] } })
    }
    expect((await (await getPrisma()).lessonProposal.findUniqueOrThrow({ where: { id: proposalId } })).status).toBe(
      'pending',
    )
  })

  it('a well-formed id that names nothing is still a 404', async () => {
    await expect(
      approveProposal(tenant.admin.caller, 'c0000000000000000000000000', { content: 'Check hours first.' }),
    ).rejects.toMatchObject({ code: 'not_found' })
  })
})
