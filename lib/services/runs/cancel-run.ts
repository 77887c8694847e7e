import 'server-only'
import { writeAudit } from '../audit/write-audit'
import type { Caller } from '../auth/caller'
import { can } from '../auth/permissions'
import { getDatabase } from '../../adapters/db/client'
import { notFound } from '../../errors'
import { TERMINAL_STATUSES } from './execute-run'
import { endRunInterrupted, openRunSink } from './run-log'
import { runServicesFor } from './run-services'

/** What cancelRun did: requested (a worker stops it at its next step), ended (it was still queued) or already finished. */
export type CancelOutcome = 'requested' | 'ended' | 'already_finished'

/**
 * Asks to cancel a run: its owner (runs.readOwn) or anyone with runs.cancelTenant. The request is
 * recorded on the run (and audited); the executing worker sees it and stops the engine through its
 * AbortSignal, recording run.interrupted (reason 'cancelled', who). A queued run is ended here.
 */
export async function cancelRun(caller: Caller, runId: string): Promise<{ outcome: CancelOutcome }> {
  const database = await getDatabase()
  const { prisma } = database
  const run = await prisma.run.findFirst({
    where: { id: runId, tenantId: caller.tenantId },
    select: { id: true, userId: true, status: true },
  })
  const allowed =
    run && (can(caller.role, 'runs.cancelTenant') || (run.userId === caller.userId && can(caller.role, 'runs.readOwn')))
  if (!run || !allowed) throw notFound()
  if (TERMINAL_STATUSES.has(run.status)) return { outcome: 'already_finished' }
  await prisma.$transaction(async (tx) => {
    await tx.run.updateMany({ where: { id: runId, cancelRequestedAt: null }, data: { cancelRequestedAt: new Date() } })
    await writeAudit(tx, caller, 'run.cancel_requested', { type: 'run', id: runId }, {})
  })
  const services = runServicesFor(database)
  if (!(await services.leases.tryAcquire(runId))) return { outcome: 'requested' }
  try {
    const current = await prisma.run.findUnique({ where: { id: runId }, select: { status: true } })
    if (current?.status !== 'queued')
      return { outcome: current && TERMINAL_STATUSES.has(current.status) ? 'already_finished' : 'requested' }
    await endRunInterrupted(await openRunSink(prisma, services.writer, runId, caller.tenantId), 'cancelled', {
      detail: 'cancelled before it started',
      cancelledBy: caller.userId,
    })
    return { outcome: 'ended' }
  } finally {
    await services.leases.release(runId)
  }
}
