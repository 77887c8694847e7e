import 'server-only'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { getPrisma } from '../../adapters/db/client'
import { AppError } from '../../errors'
import { isSensitiveFieldName, REDACTED } from '../../core/reflection/redact'

/** Filters of the audit page; every one optional. `to` is inclusive of its whole day. */
export type AuditFilter = { action?: string; actorId?: string; from?: Date; to?: Date; page?: number }

/** One audit entry with its details made safe to show (secret-looking fields masked). */
export type AuditRow = {
  id: string
  action: string
  targetType: string
  targetId: string | null
  details: unknown
  createdAt: Date
  actor: { id: string; name: string; email: string } | null
}

/** A page of the audit log, with what the filters can choose from. */
export type AuditPage = {
  entries: AuditRow[]
  total: number
  page: number
  pageCount: number
  actions: string[]
  actors: { id: string; name: string }[]
}

/** Entries per page. */
export const AUDIT_PAGE_SIZE = 25

/** Masks any field whose name looks like a secret, at any depth (audit details never hold keys, but never show one). */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, depth + 1))
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      isSensitiveFieldName(key) ? REDACTED : maskSecrets(item, depth + 1),
    ]),
  )
}

/** The tenant's audit log filtered and paged, newest first (audit.read; others get a 404). */
export async function searchAuditLog(caller: Caller, filter: AuditFilter = {}): Promise<AuditPage> {
  requirePermission(caller, 'audit.read')
  for (const [field, date] of Object.entries({ from: filter.from, to: filter.to }))
    if (date && Number.isNaN(date.getTime()))
      throw new AppError('bad_request', `The ${field} date is not a date: use YYYY-MM-DD.`, {
        [field]: ['Use YYYY-MM-DD.'],
      })
  const prisma = await getPrisma()
  const to = filter.to ? new Date(filter.to.getTime() + 24 * 60 * 60_000) : undefined
  // NUL characters and pages past the database's offsets made the query fail (a 500): no such action, actor or page.
  const storable = (value: string | undefined) => (value?.includes('\u0000') ? '\uFFFD' : value)
  const where = {
    tenantId: caller.tenantId,
    ...(filter.action ? { action: storable(filter.action) } : {}),
    ...(filter.actorId ? { actorId: storable(filter.actorId) } : {}),
    ...(filter.from || to
      ? { createdAt: { ...(filter.from ? { gte: filter.from } : {}), ...(to ? { lt: to } : {}) } }
      : {}),
  }
  const page = Math.min(Math.max(1, Math.floor(Number.isFinite(filter.page) ? (filter.page as number) : 1)), 100_000)
  const [total, rows, actionRows, actorRows] = await Promise.all([
    prisma.auditLog.count({ where }),
    prisma.auditLog.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (page - 1) * AUDIT_PAGE_SIZE,
      take: AUDIT_PAGE_SIZE,
    }),
    prisma.auditLog.findMany({
      where: { tenantId: caller.tenantId },
      distinct: ['action'],
      select: { action: true },
      orderBy: { action: 'asc' },
    }),
    prisma.auditLog.findMany({
      where: { tenantId: caller.tenantId, actorId: { not: null } },
      distinct: ['actorId'],
      select: { actorId: true },
    }),
  ])
  const actorIds = [
    ...new Set(
      [...rows.map((row) => row.actorId), ...actorRows.map((row) => row.actorId)].filter((id): id is string => !!id),
    ),
  ]
  const users = await prisma.user.findMany({
    where: { id: { in: actorIds } },
    select: { id: true, name: true, email: true },
  })
  const byId = new Map(users.map((user) => [user.id, user]))
  return {
    entries: rows.map((row) => ({
      id: String(row.id),
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      details: maskSecrets(row.details),
      createdAt: row.createdAt,
      actor: row.actorId ? (byId.get(row.actorId) ?? null) : null,
    })),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
    actions: actionRows.map((row) => row.action),
    actors: actorRows
      .map((row) => byId.get(row.actorId as string))
      .filter((user) => !!user)
      .map((user) => ({ id: user.id, name: user.name }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  }
}
