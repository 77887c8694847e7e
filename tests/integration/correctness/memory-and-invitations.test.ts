// Monotonic-mode lessons (lines of the member's memory block) are listed and editable like other lessons;
// a pending invitation can be revoked (its link stops working, audited); a removal says so on the list.
import { beforeAll, describe, expect, it } from 'vitest'
import { getPrisma } from '../../../lib/adapters/db/client'
import {
  editMyMemoryLesson,
  listMyMemoryLessons,
  MEMORY_LESSONS_BLOCK,
} from '../../../lib/services/lessons/memory-lessons'
import { PgMemory } from '../../../lib/services/lessons/pg-memory'
import { createInvitation, previewInvitation, revokeInvitation } from '../../../lib/services/tenants/invitations'
import { createTenantWithUsers, type TestTenant } from '../helpers'

let tenant: TestTenant
let other: TestTenant

beforeAll(async () => {
  tenant = await createTenantWithUsers()
  other = await createTenantWithUsers()
})

describe('monotonic-mode lessons on /lessons', () => {
  it('lists the lines a monotonic run stored, and edits and deletes them in the member’s own block only', async () => {
    const memory = new PgMemory({ prisma: await getPrisma(), tenantId: tenant.id })
    await memory.appendLine(tenant.member.id, MEMORY_LESSONS_BLOCK, 'Name a prime only after checking it.', 10)
    await memory.appendLine(tenant.member.id, MEMORY_LESSONS_BLOCK, 'Explain why no largest prime exists.', 10)
    expect(await listMyMemoryLessons(tenant.member.caller)).toEqual([
      'Name a prime only after checking it.',
      'Explain why no largest prime exists.',
    ])
    expect(await listMyMemoryLessons(tenant.admin.caller)).toEqual([])
    await expect(
      editMyMemoryLesson(tenant.admin.caller, 'Name a prime only after checking it.', 'Hijacked.'),
    ).rejects.toMatchObject({ code: 'not_found' })
    await editMyMemoryLesson(tenant.member.caller, 'Name a prime only after checking it.', 'Check primality first.')
    await expect(
      editMyMemoryLesson(tenant.member.caller, 'Check primality first.', 'Explain why no largest prime exists.'),
    ).rejects.toMatchObject({ code: 'conflict' })
    await editMyMemoryLesson(tenant.member.caller, 'Explain why no largest prime exists.', '')
    expect(await listMyMemoryLessons(tenant.member.caller)).toEqual(['Check primality first.'])
    expect(await memory.getBlock(tenant.member.id, MEMORY_LESSONS_BLOCK)).toBe('Check primality first.')
  })
})

describe('revoking an invitation', () => {
  it('the link stops working at once; audited; another tenant’s admin gets a 404; a used one cannot be revoked', async () => {
    const { invitationId, code } = await createInvitation(tenant.admin.caller, { role: 'member' })
    expect((await previewInvitation(code))?.status).toBe('valid')
    await expect(revokeInvitation(other.admin.caller, invitationId)).rejects.toMatchObject({ code: 'not_found' })
    await expect(revokeInvitation(tenant.member.caller, invitationId)).rejects.toMatchObject({ code: 'not_found' })
    await revokeInvitation(tenant.admin.caller, invitationId)
    expect(await previewInvitation(code)).toBeNull()
    const prisma = await getPrisma()
    const audit = await prisma.auditLog.findFirst({
      where: { tenantId: tenant.id, action: 'member.invitation_revoked', targetId: invitationId },
    })
    expect(audit?.actorId).toBe(tenant.admin.id)
    await expect(revokeInvitation(tenant.admin.caller, invitationId)).rejects.toMatchObject({ code: 'not_found' })
  })
})
