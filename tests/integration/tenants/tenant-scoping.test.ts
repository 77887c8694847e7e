// Every data-access function reads and writes only the caller's tenant; another tenant's
// resource, or a forbidden one, is notFound() — and nothing changes.
import { describe, expect, it } from 'vitest'
import { listAuditEntries } from '../../../lib/services/audit/queries'
import { loadSession, callerOf } from '../../../lib/services/auth/session'
import { getPrisma } from '../../../lib/adapters/db/client'
import { changeMemberRole, removeMember } from '../../../lib/services/tenants/members'
import { getMember, getTenant, listMembers, listPendingInvitations } from '../../../lib/services/tenants/queries'
import { createInvitation } from '../../../lib/services/tenants/invitations'
import { createTenantWithUsers } from '../helpers'

const notFound = { code: 'not_found' }

describe('tenant scoping', () => {
  it('reads: each tenant sees its own tenant, members, invitations and audit log only', async () => {
    const first = await createTenantWithUsers()
    const second = await createTenantWithUsers()
    await createInvitation(first.admin.caller, { role: 'member' })
    expect((await getTenant(second.admin.caller)).id).toBe(second.id)
    expect((await listMembers(second.admin.caller)).map((member) => member.userId).sort()).toEqual(
      second.users.map((user) => user.id).sort(),
    )
    expect(await listPendingInvitations(second.admin.caller)).toEqual([])
    expect(await listPendingInvitations(first.admin.caller)).toHaveLength(1)
    expect((await listAuditEntries(first.admin.caller)).map((entry) => entry.action)).toEqual(['member.invited'])
    expect(await listAuditEntries(second.admin.caller)).toEqual([])
    await expect(getMember(second.admin.caller, first.member.membershipId)).rejects.toMatchObject(notFound)
    expect((await getMember(first.admin.caller, first.member.membershipId)).email).toBe(first.member.email)
  })

  it('permissions: members and support get notFound from admin reads', async () => {
    const tenant = await createTenantWithUsers()
    for (const user of [tenant.member, tenant.support]) {
      await expect(listMembers(user.caller)).rejects.toMatchObject(notFound)
      await expect(getMember(user.caller, tenant.admin.membershipId)).rejects.toMatchObject(notFound)
      await expect(listPendingInvitations(user.caller)).rejects.toMatchObject(notFound)
      await expect(listAuditEntries(user.caller)).rejects.toMatchObject(notFound)
    }
  })

  it("writes: another tenant's member cannot be changed or removed, and nothing changes", async () => {
    const first = await createTenantWithUsers()
    const second = await createTenantWithUsers()
    await expect(changeMemberRole(second.admin.caller, first.member.membershipId, 'admin')).rejects.toMatchObject(
      notFound,
    )
    await expect(removeMember(second.admin.caller, first.member.membershipId)).rejects.toMatchObject(notFound)
    await expect(changeMemberRole(first.member.caller, first.support.membershipId, 'admin')).rejects.toMatchObject(
      notFound,
    )
    const prisma = await getPrisma()
    expect((await prisma.membership.findUniqueOrThrow({ where: { id: first.member.membershipId } })).role).toBe(
      'member',
    )
    expect(await prisma.auditLog.count({ where: { tenantId: { in: [first.id, second.id] } } })).toBe(0)
  })

  it("role changes and removals in one's own tenant are audited", async () => {
    const tenant = await createTenantWithUsers()
    await changeMemberRole(tenant.admin.caller, tenant.member.membershipId, 'admin')
    await removeMember(tenant.admin.caller, tenant.support.membershipId)
    const entries = await listAuditEntries(tenant.admin.caller)
    expect(entries.map((entry) => [entry.action, entry.actor?.id, entry.targetId])).toEqual([
      ['member.removed', tenant.admin.id, tenant.support.membershipId],
      ['member.role_changed', tenant.admin.id, tenant.member.membershipId],
    ])
    expect(entries[1]?.details).toMatchObject({ from: 'member', to: 'admin' })
  })

  it("sessions: the active tenant must be one of the user's memberships, re-read on every request", async () => {
    const first = await createTenantWithUsers()
    const second = await createTenantWithUsers()
    expect(callerOf(await loadSession(first.member.id, second.id))).toEqual(first.member.caller) // not a member there: falls back
    await removeMember(first.admin.caller, first.member.membershipId)
    const session = await loadSession(first.member.id, first.id)
    expect(session?.memberships).toEqual([])
    expect(callerOf(session)).toBeNull()
  })
})
