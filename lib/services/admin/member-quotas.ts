import 'server-only'
import { writeAudit } from '../audit/write-audit'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import type { Role } from '../auth/permissions'
import { getPrisma } from '../../adapters/db/client'
import { notFound } from '../../errors'
import { effectiveQuota, startOfUtcDay } from '../runs/run-quota'
import { tenantRunSettings } from '../runs/tenant-run-settings'
import { loadTenantSettings } from '../tenants/tenant-settings'

/** One member's daily run quota: their own override (or null), what applies, and runs started today. */
export type MemberQuota = {
  membershipId: string
  name: string
  email: string
  role: Role
  override: number | null
  effective: number | null
  startedToday: number
}

/** Every member's quota in the caller's tenant (members.manage). */
export async function listMemberQuotas(
  caller: Caller,
  now = new Date(),
): Promise<{ tenantDefault: number | null; members: MemberQuota[] }> {
  requirePermission(caller, 'members.manage')
  const prisma = await getPrisma()
  const [settings, memberships, counts] = await Promise.all([
    loadTenantSettings(caller),
    prisma.membership.findMany({
      where: { tenantId: caller.tenantId },
      select: { id: true, userId: true, role: true, runQuota: true, user: { select: { name: true, email: true } } },
      orderBy: { createdAt: 'asc' },
    }),
    prisma.run.groupBy({
      by: ['userId'],
      where: { tenantId: caller.tenantId, createdAt: { gte: startOfUtcDay(now) } },
      _count: { _all: true },
    }),
  ])
  const tenantDefault = tenantRunSettings(settings).dailyRunQuota ?? null
  const today = new Map(counts.map((row) => [row.userId, row._count._all]))
  return {
    tenantDefault,
    members: memberships.map((row) => ({
      membershipId: row.id,
      name: row.user.name,
      email: row.user.email,
      role: row.role,
      override: row.runQuota,
      effective: effectiveQuota(row.runQuota, tenantDefault),
      startedToday: today.get(row.userId) ?? 0,
    })),
  }
}

/** Sets (or, with null, clears) one member's daily run quota override; audited. */
export async function setMemberQuota(caller: Caller, membershipId: string, quota: number | null): Promise<void> {
  requirePermission(caller, 'members.manage')
  const prisma = await getPrisma()
  await prisma.$transaction(async (tx) => {
    const membership = await tx.membership.findFirst({
      where: { id: membershipId, tenantId: caller.tenantId },
      select: { id: true, userId: true, runQuota: true },
    })
    if (!membership) throw notFound()
    await tx.membership.update({ where: { id: membership.id }, data: { runQuota: quota } })
    await writeAudit(
      tx,
      caller,
      'member.quota_changed',
      { type: 'membership', id: membership.id },
      { userId: membership.userId, before: membership.runQuota, after: quota },
    )
  })
}
