import 'server-only'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { revokeSessions } from '../auth/session-version'
import type { Role } from '../auth/permissions'
import { writeAudit } from '../audit/write-audit'
import { getPrisma } from '../../adapters/db'
import type { Db } from '../../adapters/db/client'
import { AppError, notFound } from '../../errors'
import { requireRecordId } from '../../record-id'

/** Changes to a tenant's memberships (admins only), each with an audit entry. A tenant always keeps one admin. */

function lastAdmin(field: string): AppError {
  return new AppError('conflict', 'An organisation needs at least one admin.', {
    [field]: ['This is the only admin of the organisation. Make someone else an admin first.'],
  })
}

/**
 * Locks the tenant's row for the rest of the transaction, so membership changes of one tenant run one
 * after another, then re-reads the caller's own role (another admin may have just demoted them) and
 * counts the admins. Two admins demoting each other at once: the second sees the first's result.
 */
type Transaction = Parameters<Extract<Parameters<Db['$transaction']>[0], (...args: never[]) => unknown>>[0]

async function lockTenantAdmins(tx: Transaction, caller: Caller): Promise<number> {
  await tx.$queryRaw`SELECT id FROM tenants WHERE id = ${caller.tenantId} FOR UPDATE`
  const own = await tx.membership.findFirst({
    where: { tenantId: caller.tenantId, userId: caller.userId },
    select: { role: true },
  })
  if (own?.role !== 'admin') throw notFound()
  return tx.membership.count({ where: { tenantId: caller.tenantId, role: 'admin' } })
}

/** Gives a member of the caller's tenant another role. */
export async function changeMemberRole(caller: Caller, membershipId: string, role: Role): Promise<void> {
  requirePermission(caller, 'members.manage')
  requireRecordId(membershipId, 'member', 'membershipId')
  const prisma = await getPrisma()
  await prisma.$transaction(async (tx) => {
    const admins = await lockTenantAdmins(tx, caller)
    const membership = await tx.membership.findFirst({ where: { id: membershipId, tenantId: caller.tenantId } })
    if (!membership) throw notFound()
    if (membership.role === role) return
    if (membership.role === 'admin' && admins <= 1) throw lastAdmin('role')
    await tx.membership.update({ where: { id: membership.id }, data: { role } })
    await revokeSessions(membership.userId, tx) // the member signs in again under the new role
    await writeAudit(
      tx,
      caller,
      'member.role_changed',
      { type: 'membership', id: membership.id },
      { userId: membership.userId, from: membership.role, to: role },
    )
  })
}

/** Removes a member from the caller's tenant (their account and other tenants stay). */
export async function removeMember(caller: Caller, membershipId: string): Promise<void> {
  requirePermission(caller, 'members.manage')
  requireRecordId(membershipId, 'member', 'membershipId')
  const prisma = await getPrisma()
  await prisma.$transaction(async (tx) => {
    const admins = await lockTenantAdmins(tx, caller)
    const membership = await tx.membership.findFirst({ where: { id: membershipId, tenantId: caller.tenantId } })
    if (!membership) throw notFound()
    if (membership.role === 'admin' && admins <= 1) throw lastAdmin('membershipId')
    await tx.membership.delete({ where: { id: membership.id } })
    await revokeSessions(membership.userId, tx)
    await writeAudit(
      tx,
      caller,
      'member.removed',
      { type: 'membership', id: membership.id },
      { userId: membership.userId, role: membership.role },
    )
  })
}
