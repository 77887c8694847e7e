import 'server-only'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import type { Role } from '../auth/permissions'
import { getPrisma } from '../../adapters/db'
import { notFound } from '../../errors'

/**
 * Reads of tenants and their members. Every function takes the caller and reads only the
 * caller's active tenant; anything else (another tenant's, or forbidden) is notFound().
 */

/** A tenant as the app shows it. */
export type TenantSummary = { id: string; name: string; slug: string; createdAt: Date }

/** One member of a tenant. */
export type MemberSummary = {
  membershipId: string
  userId: string
  name: string
  email: string
  role: Role
  joinedAt: Date
}

/** An invitation not yet used (the code itself is never stored, so never shown again). */
export type PendingInvitation = { id: string; role: Role; email: string | null; expiresAt: Date; createdAt: Date }

/** The caller's active tenant. */
export async function getTenant(caller: Caller): Promise<TenantSummary> {
  const prisma = await getPrisma()
  const tenant = await prisma.tenant.findUnique({
    where: { id: caller.tenantId },
    select: { id: true, name: true, slug: true, createdAt: true },
  })
  if (!tenant) throw notFound()
  return tenant
}

const memberSelect = {
  id: true,
  userId: true,
  role: true,
  createdAt: true,
  user: { select: { name: true, email: true } },
} as const

function toMember(row: {
  id: string
  userId: string
  role: Role
  createdAt: Date
  user: { name: string; email: string }
}): MemberSummary {
  return {
    membershipId: row.id,
    userId: row.userId,
    name: row.user.name,
    email: row.user.email,
    role: row.role,
    joinedAt: row.createdAt,
  }
}

/** The members of the caller's tenant, oldest first (needs members.manage). */
export async function listMembers(caller: Caller): Promise<MemberSummary[]> {
  requirePermission(caller, 'members.manage')
  const prisma = await getPrisma()
  const rows = await prisma.membership.findMany({
    where: { tenantId: caller.tenantId },
    select: memberSelect,
    orderBy: { createdAt: 'asc' },
  })
  return rows.map(toMember)
}

/** One member of the caller's tenant; another tenant's membership is notFound(). */
export async function getMember(caller: Caller, membershipId: string): Promise<MemberSummary> {
  requirePermission(caller, 'members.manage')
  const prisma = await getPrisma()
  const row = await prisma.membership.findFirst({
    where: { id: membershipId, tenantId: caller.tenantId },
    select: memberSelect,
  })
  if (!row) throw notFound()
  return toMember(row)
}

/** Invitations of the caller's tenant that are neither used nor expired. */
export async function listPendingInvitations(caller: Caller, now = new Date()): Promise<PendingInvitation[]> {
  requirePermission(caller, 'members.manage')
  const prisma = await getPrisma()
  return prisma.invitation.findMany({
    where: { tenantId: caller.tenantId, acceptedAt: null, expiresAt: { gt: now } },
    select: { id: true, role: true, email: true, expiresAt: true, createdAt: true },
    orderBy: { createdAt: 'desc' },
  })
}
