import 'server-only'
import { writeAudit } from '../audit/write-audit'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { getPrisma } from '../../adapters/db/client'
import { serializeJsonlRow } from '../../core/events/jsonl'
import { notFound } from '../../errors'
import { readLoggedEvents } from '../runs/run-event-reader'
import { PURGEABLE_STATUSES, retentionCutoff, runRetentionDaysOf } from './retention-policy'
import { loadTenantSettings } from '../tenants/tenant-settings'

/** What the retention page shows: the policy and what the next purge would delete. */
export type RetentionView = {
  runRetentionDays: number | null
  cutoff: Date | null
  dueRuns: number
  oldestDue: Date | null
}

/** The caller's tenant retention policy and the runs past it (settings.manage). */
export async function getRetentionView(caller: Caller, now = new Date()): Promise<RetentionView> {
  requirePermission(caller, 'settings.manage')
  const prisma = await getPrisma()
  const days = runRetentionDaysOf(await loadTenantSettings(caller))
  if (days === null) return { runRetentionDays: null, cutoff: null, dueRuns: 0, oldestDue: null }
  const cutoff = retentionCutoff(days, now)
  const where = { tenantId: caller.tenantId, status: { in: [...PURGEABLE_STATUSES] }, createdAt: { lt: cutoff } }
  const [dueRuns, oldest] = await Promise.all([
    prisma.run.count({ where }),
    prisma.run.findFirst({ where, orderBy: { createdAt: 'asc' }, select: { createdAt: true } }),
  ])
  return { runRetentionDays: days, cutoff, dueRuns, oldestDue: oldest?.createdAt ?? null }
}

/** Sets (or clears, with null) how many days finished runs are kept; audited with before and after. */
export async function setRunRetention(caller: Caller, days: number | null): Promise<void> {
  requirePermission(caller, 'settings.manage')
  const prisma = await getPrisma()
  await prisma.$transaction(async (tx) => {
    const tenant = await tx.tenant.findUnique({ where: { id: caller.tenantId }, select: { settings: true } })
    if (!tenant) throw notFound()
    const current = (
      tenant.settings && typeof tenant.settings === 'object' && !Array.isArray(tenant.settings) ? tenant.settings : {}
    ) as Record<string, unknown>
    const before = runRetentionDaysOf(current)
    if (before === days) return
    const next = { ...current }
    if (days === null) delete next.runRetentionDays
    else next.runRetentionDays = days
    await tx.tenant.update({ where: { id: caller.tenantId }, data: { settings: next as object } })
    await writeAudit(tx, caller, 'retention.updated', { type: 'tenant', id: caller.tenantId }, { before, after: days })
  })
}

/**
 * The tenant's runs that the policy will delete next, as JSON Lines: every event of every such run,
 * each row the export shape plus `runId`, oldest run first. Streamed a page at a time; audited.
 */
export async function exportDueRuns(caller: Caller, now = new Date()): Promise<ReadableStream<Uint8Array>> {
  const view = await getRetentionView(caller, now)
  const prisma = await getPrisma()
  await writeAudit(
    prisma,
    caller,
    'retention.exported',
    { type: 'tenant', id: caller.tenantId },
    {
      runs: view.dueRuns,
      before: view.cutoff?.toISOString() ?? null,
    },
  )
  const encoder = new TextEncoder()
  let lastRun: { createdAt: Date; id: string } | null = null
  let pending: string[] = []
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!view.cutoff) return controller.close()
      if (pending.length === 0) {
        const runs = await prisma.run.findMany({
          where: {
            tenantId: caller.tenantId,
            status: { in: [...PURGEABLE_STATUSES] },
            createdAt: { lt: view.cutoff },
            ...(lastRun && {
              OR: [{ createdAt: { gt: lastRun.createdAt } }, { createdAt: lastRun.createdAt, id: { gt: lastRun.id } }],
            }),
          },
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
          select: { id: true, createdAt: true },
          take: 50,
        })
        if (runs.length === 0) return controller.close()
        lastRun = runs[runs.length - 1]
        pending = runs.map((run) => run.id)
      }
      const runId = pending.shift()!
      let afterIndex = -1
      for (;;) {
        const events = await readLoggedEvents(prisma, { tenantId: caller.tenantId, runId }, { afterIndex, limit: 1000 })
        if (events.length === 0) break
        const rows = events.map((event) => `{"runId":${JSON.stringify(runId)},${serializeJsonlRow(event).slice(1)}\n`)
        controller.enqueue(encoder.encode(rows.join('')))
        afterIndex = events[events.length - 1].index
      }
    },
  })
}
