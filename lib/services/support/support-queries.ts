import 'server-only'
/**
 * The support console's run list: the whole tenant (support.console), failures first (failed and
 * interrupted), then the rest, each newest first; keyset-paged over (tenant_id, status, created_at).
 */
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { getPrisma } from '../../adapters/db/client'
import { AppError } from '../../errors'
import type { Prisma } from '../../generated/prisma/client'
import { matchesRedactedSearch, redactRunText, runRedactorFor } from '../runs/caller-redaction'
import type { StoredRunStatus } from '../runs/projection'

/** The statuses listed first. */
export const FAILURE_STATUSES: StoredRunStatus[] = ['failed', 'interrupted']
const OTHER_STATUSES: StoredRunStatus[] = ['queued', 'running', 'succeeded', 'cancelled']

/** Filters of the console list. `to` is exclusive. */
export type SupportRunFilters = { status?: StoredRunStatus; userId?: string; q?: string; from?: Date; to?: Date }

/** A row of the console list. */
export type SupportRunRow = {
  id: string
  title: string
  status: StoredRunStatus
  userId: string
  userName: string
  model: string
  attemptsUsed: number
  maxAttempts: number
  bestScore: number | null
  interruptionReason: string | null
  eventCount: number
  createdAt: Date
}

type Cursor = { group: number; createdAt: string; id: string }

const select = {
  id: true,
  title: true,
  status: true,
  userId: true,
  model: true,
  attemptsUsed: true,
  maxAttempts: true,
  bestScore: true,
  interruptionReason: true,
  eventCount: true,
  createdAt: true,
  user: { select: { name: true } },
} satisfies Prisma.RunSelect

/** Encodes a page position (opaque to the browser). */
export function encodeSupportCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url')
}

function decodeCursor(text: string | undefined): Cursor | null {
  if (!text) return null
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString()) as Cursor
    if (
      (value.group === 0 || value.group === 1) &&
      typeof value.id === 'string' &&
      !Number.isNaN(Date.parse(value.createdAt))
    )
      return value
  } catch {}
  throw new AppError('bad_request', 'The page cursor is not valid: open the list again from its first page.')
}

function filterWhere(caller: Caller, filters: SupportRunFilters, statuses: StoredRunStatus[]): Prisma.RunWhereInput {
  return {
    tenantId: caller.tenantId,
    status: { in: statuses },
    ...(filters.userId && { userId: filters.userId }),
    ...((filters.from || filters.to) && {
      createdAt: { ...(filters.from && { gte: filters.from }), ...(filters.to && { lt: filters.to }) },
    }),
    ...(filters.q && {
      OR: [
        { title: { contains: filters.q.replaceAll('\u0000', ''), mode: 'insensitive' as const } },
        { prompt: { contains: filters.q.replaceAll('\u0000', ''), mode: 'insensitive' as const } },
      ],
    }),
  }
}

/** One page of the tenant's runs for the console, failures first; `nextCursor` when more remain. */
export async function listSupportRuns(
  caller: Caller,
  filters: SupportRunFilters = {},
  page: { cursor?: string; limit?: number } = {},
): Promise<{ runs: SupportRunRow[]; nextCursor: string | null }> {
  requirePermission(caller, 'support.console')
  const prisma = await getPrisma()
  const limit = Math.min(Math.max(page.limit ?? 25, 1), 100)
  const cursor = decodeCursor(page.cursor)
  const groups = [FAILURE_STATUSES, OTHER_STATUSES].map((statuses) =>
    statuses.filter((status) => !filters.status || status === filters.status),
  )
  const redactor = await runRedactorFor(caller)
  const rows: (SupportRunRow & { group: number })[] = []
  for (let group = cursor?.group ?? 0; group < groups.length && rows.length <= limit; group++) {
    if (groups[group].length === 0) continue
    let after = cursor && cursor.group === group ? { createdAt: new Date(cursor.createdAt), id: cursor.id } : null
    // A redacted reader's text search keeps only runs that match once redacted: read on until the page is full.
    while (rows.length <= limit) {
      const where: Prisma.RunWhereInput = {
        AND: [
          filterWhere(caller, filters, groups[group]),
          { experimentId: null },
          after
            ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }
            : {},
        ],
      }
      const take = limit + 1 - rows.length
      const found = await prisma.run.findMany({
        where,
        select: { ...select, prompt: true },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take,
      })
      for (const { user, prompt, ...row } of found)
        if (matchesRedactedSearch({ title: row.title, prompt }, filters.q, redactor))
          rows.push({ ...row, userName: user.name, group })
      if (found.length < take) break
      after = { createdAt: found[found.length - 1].createdAt, id: found[found.length - 1].id }
    }
  }
  const runs = rows.slice(0, limit).map((row) => ({
    ...row,
    title: redactRunText(row.title, redactor),
    interruptionReason: redactRunText(row.interruptionReason, redactor),
  }))
  const last = runs[runs.length - 1]
  const nextCursor =
    rows.length > limit && last
      ? encodeSupportCursor({ group: last.group, createdAt: last.createdAt.toISOString(), id: last.id })
      : null
  return { runs: runs.map(({ group: _group, ...row }) => row), nextCursor }
}

/** The people of the caller's tenant, for the console's user filter. */
export async function listTenantPeople(caller: Caller): Promise<{ id: string; name: string }[]> {
  requirePermission(caller, 'support.console')
  const prisma = await getPrisma()
  const memberships = await prisma.membership.findMany({
    where: { tenantId: caller.tenantId },
    select: { user: { select: { id: true, name: true } } },
    orderBy: { user: { name: 'asc' } },
  })
  return memberships.map((membership) => membership.user)
}
