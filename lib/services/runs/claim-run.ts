import 'server-only'
import type { Db } from '../../adapters/db/client'

/**
 * Moves a queued run to running unless its tenant already runs `tenantLimit` runs. Claims of one
 * tenant are serialised by a transaction-level advisory lock, so the limit holds across workers.
 * Returns 'claimed', 'tenant_busy' or 'not_queued'.
 */
export async function claimRun(
  prisma: Db,
  run: { id: string; tenantId: string },
  tenantLimit: number,
): Promise<'claimed' | 'tenant_busy' | 'not_queued'> {
  return prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock(7008, hashtext($1))', run.tenantId)
    const running = await tx.run.count({ where: { tenantId: run.tenantId, status: 'running' } })
    if (running >= tenantLimit) return 'tenant_busy'
    const updated = await tx.run.updateMany({
      where: { id: run.id, status: 'queued', cancelRequestedAt: null },
      data: { status: 'running', startedAt: new Date() },
    })
    return updated.count === 1 ? 'claimed' : 'not_queued'
  })
}
