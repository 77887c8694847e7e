import 'server-only'
import type { Caller } from '../auth/caller'
import { can } from '../auth/permissions'
import { getPrisma } from '../../adapters/db/client'
import type { LoggedEvent } from '../../core/events/event'
import { notFound } from '../../errors'
import type { Prisma } from '../../generated/prisma/client'
import type { Redactor } from '../../core/reflection/redact'
import {
  matchesRedactedSearch,
  redactLoggedEvent,
  redactRunText,
  redactRunValue,
  runRedactorFor,
} from './caller-redaction'
import type { StoredRunStatus } from './projection'
import { readLoggedEvents } from './run-event-reader'

/** A run as the pages show it (list rows and the run page header). */
export type RunView = {
  id: string
  userId: string
  userName: string
  title: string
  prompt: string
  model: string
  status: StoredRunStatus
  attemptsUsed: number
  maxAttempts: number
  threshold: number
  bestScore: number | null
  output: string | null
  interruptionReason: string | null
  usage: unknown
  costUsd: number | null
  eventCount: number
  cancelRequested: boolean
  config: unknown
  createdAt: Date
  startedAt: Date | null
  finishedAt: Date | null
}

const runSelect = {
  id: true,
  userId: true,
  title: true,
  prompt: true,
  model: true,
  status: true,
  attemptsUsed: true,
  maxAttempts: true,
  threshold: true,
  bestScore: true,
  output: true,
  interruptionReason: true,
  usage: true,
  costUsd: true,
  eventCount: true,
  cancelRequestedAt: true,
  config: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
  user: { select: { name: true } },
} satisfies Prisma.RunSelect

type RunRow = Prisma.RunGetPayload<{ select: typeof runSelect }>

// Every text a run carries goes through the caller's redaction (support reads runs redacted).
function toView({ user, cancelRequestedAt, ...row }: RunRow, redactor: Redactor | null): RunView {
  return {
    ...row,
    title: redactRunText(row.title, redactor),
    prompt: redactRunText(row.prompt, redactor),
    output: redactRunText(row.output, redactor),
    interruptionReason: redactRunText(row.interruptionReason, redactor),
    config: redactRunValue(row.config, redactor),
    userName: user.name,
    cancelRequested: cancelRequestedAt !== null,
  }
}

/** The runs a caller may read: the whole tenant with runs.readTenant, else only their own (runs.readOwn). */
export function visibleRuns(caller: Caller): Prisma.RunWhereInput {
  if (can(caller.role, 'runs.readTenant')) return { tenantId: caller.tenantId }
  if (can(caller.role, 'runs.readOwn')) return { tenantId: caller.tenantId, userId: caller.userId }
  return { id: '\u0000none' }
}

// A run id with a NUL character cannot be queried (PostgreSQL refuses it): it names no run.
function requireQueryableId(runId: string): void {
  if (runId.includes('\u0000')) throw notFound()
}

/** One run, if the caller may see it; otherwise notFound() (the same answer as for a missing run). */
export async function getRun(caller: Caller, runId: string): Promise<AuthorizedRunView> {
  requireQueryableId(runId)
  const prisma = await getPrisma()
  const row = await prisma.run.findFirst({ where: { AND: [visibleRuns(caller), { id: runId }] }, select: runSelect })
  if (!row) throw notFound()
  const redactor = await runRedactorFor(caller)
  const view = toView(row, redactor)
  return { ...view, access: grant({ runId: view.id, tenantId: caller.tenantId, title: view.title, redactor }) }
}

declare const authorizedBrand: unique symbol

/**
 * A run the caller was found allowed to see (by `authorizeRun` or `getRun`): what `readRunEvents` takes.
 * Carries the caller's redaction (null: read as written), so every read of its log applies it.
 */
export type AuthorizedRun = {
  runId: string
  tenantId: string
  title: string
  redactor: Redactor | null
  readonly [authorizedBrand]: true
}

/** A run's view with the proof that the caller may read its log. */
export type AuthorizedRunView = RunView & { access: AuthorizedRun }

const grant = (run: { runId: string; tenantId: string; title: string; redactor: Redactor | null }) =>
  run as AuthorizedRun

/** Filters and paging of the runs list. `cursor` is the last id of the previous page. */
export type ListRunsOptions = {
  status?: StoredRunStatus
  q?: string
  userId?: string
  from?: Date
  to?: Date
  cursor?: string
  limit?: number
  /** Only runs submitted with this task key. */
  taskKey?: string
  /** Only runs submitted with this tag. */
  tag?: string
}

/** The caller's visible runs, newest first, with `nextCursor` when more remain. Members see only their own. */
export async function listRuns(
  caller: Caller,
  options: ListRunsOptions = {},
): Promise<{ runs: RunView[]; nextCursor: string | null }> {
  const prisma = await getPrisma()
  const limit = Math.min(Math.max(options.limit ?? 25, 1), 100)
  const where: Prisma.RunWhereInput = {
    AND: [
      visibleRuns(caller),
      // An experiment's runs are listed on its page, not among the people's runs.
      { experimentId: null },
      options.status ? { status: options.status } : {},
      options.userId ? { userId: options.userId } : {},
      options.q
        ? {
            OR: [
              { title: { contains: options.q.replaceAll('\u0000', ''), mode: 'insensitive' } },
              { prompt: { contains: options.q.replaceAll('\u0000', ''), mode: 'insensitive' } },
            ],
          }
        : {},
      options.taskKey ? { config: { path: ['taskKey'], equals: options.taskKey } } : {},
      options.tag ? { config: { path: ['tags'], array_contains: [options.tag] } } : {},
      options.from || options.to
        ? { createdAt: { ...(options.from && { gte: options.from }), ...(options.to && { lt: options.to }) } }
        : {},
    ],
  }
  const redactor = await runRedactorFor(caller)
  const rows: RunRow[] = []
  // A redacted reader's text search keeps only runs that match once redacted: read on until the page is full.
  for (let cursor = options.cursor; ;) {
    const take = limit + 1 - rows.length
    const found = await prisma.run.findMany({
      where,
      select: runSelect,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
    })
    rows.push(...found.filter((row) => matchesRedactedSearch(row, options.q, redactor)))
    if (found.length < take || rows.length > limit) break
    cursor = found[found.length - 1].id
  }
  const page = rows.slice(0, limit)
  return {
    runs: page.map((row) => toView(row, redactor)),
    nextCursor: rows.length > limit ? page[page.length - 1].id : null,
  }
}

/** A run's events after `afterIndex` (default: from the start), in log order, as LoggedEvents. */
export async function listRunEvents(
  caller: Caller,
  runId: string,
  options: { afterIndex?: number; limit?: number } = {},
): Promise<LoggedEvent[]> {
  requireQueryableId(runId)
  const prisma = await getPrisma()
  const run = await prisma.run.findFirst({
    where: { AND: [visibleRuns(caller), { id: runId }] },
    select: { id: true, tenantId: true },
  })
  if (!run) throw notFound()
  const redactor = await runRedactorFor(caller)
  return readRunEvents(grant({ runId: run.id, tenantId: run.tenantId, title: '', redactor }), options)
}

/** Reads events of a run already authorised (`authorizeRun`, `getRun`), through the caller's redaction: the export, the pages. */
export async function readRunEvents(
  run: AuthorizedRun,
  options: { afterIndex?: number; limit?: number } = {},
): Promise<LoggedEvent[]> {
  const events = await readLoggedEvents(
    await getPrisma(),
    { tenantId: run.tenantId, runId: run.runId },
    { afterIndex: options.afterIndex, limit: Math.min(Math.max(options.limit ?? 1000, 1), 10_000) },
  )
  return events.map((event) => redactLoggedEvent(event, run.redactor))
}

/** The run's tenant when the caller may see it, else notFound(); for route handlers. */
export async function authorizeRun(caller: Caller, runId: string): Promise<AuthorizedRun> {
  requireQueryableId(runId)
  const prisma = await getPrisma()
  const run = await prisma.run.findFirst({
    where: { AND: [visibleRuns(caller), { id: runId }] },
    select: { id: true, tenantId: true, title: true },
  })
  if (!run) throw notFound()
  const redactor = await runRedactorFor(caller)
  return grant({ runId: run.id, tenantId: run.tenantId, title: redactRunText(run.title, redactor), redactor })
}
