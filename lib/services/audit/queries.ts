import 'server-only'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { getPrisma } from '../../adapters/db'

/** One audit entry as the audit page shows it. */
export type AuditEntry = {
  id: string
  action: string
  targetType: string
  targetId: string | null
  details: unknown
  createdAt: Date
  actor: { id: string; name: string; email: string } | null
}

/** The tenant's audit log, newest first (admins only; others get a 404). */
export async function listAuditEntries(
  caller: Caller,
  options: { limit?: number; before?: Date } = {},
): Promise<AuditEntry[]> {
  requirePermission(caller, 'audit.read')
  const prisma = await getPrisma()
  const rows = await prisma.auditLog.findMany({
    where: { tenantId: caller.tenantId, ...(options.before ? { createdAt: { lt: options.before } } : {}) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: Math.min(options.limit ?? 50, 200),
  })
  const actorIds = [...new Set(rows.map((row) => row.actorId).filter((id): id is string => !!id))]
  const actors = await prisma.user.findMany({
    where: { id: { in: actorIds } },
    select: { id: true, name: true, email: true },
  })
  const byId = new Map(actors.map((actor) => [actor.id, actor]))
  return rows.map((row) => ({
    id: String(row.id),
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    details: row.details,
    createdAt: row.createdAt,
    actor: row.actorId ? (byId.get(row.actorId) ?? null) : null,
  }))
}
