import 'server-only'
import type { Db } from '../../adapters/db/client'
import type { LoggedEvent } from '../../core/events/event'
import { toLogged } from './stored-event'

/** Which run's log to read: always with its tenant, so a read never crosses tenants. */
export type RunLogAddress = { tenantId: string; runId: string }

const COLUMNS = { index: true, type: true, kind: true, namespace: true, payload: true, cause: true, at: true } as const

/**
 * The one reader of `run_events`: a run's events after `afterIndex` (default: from the start), in
 * log order, known payloads typed (`readEvent`). No `limit` reads to the end. Callers authorise first.
 */
export async function readLoggedEvents(
  prisma: Db,
  run: RunLogAddress,
  options: { afterIndex?: number; limit?: number } = {},
): Promise<LoggedEvent[]> {
  const rows = await prisma.runEvent.findMany({
    where: { tenantId: run.tenantId, runId: run.runId, index: { gt: options.afterIndex ?? -1 } },
    orderBy: { index: 'asc' },
    ...(options.limit !== undefined && { take: options.limit }),
    select: COLUMNS,
  })
  return rows.map(toLogged)
}
