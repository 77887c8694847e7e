import 'server-only'
import { writeAudit } from '../audit/write-audit'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { getPrisma } from '../../adapters/db/client'
import { notFound } from '../../errors'
import { readRecallSettings, type RecallSettings } from './embedding-settings'
import { patchEmbeddingState } from './embedding-state'

/** The caller's tenant recall settings: floor, active model, a change under way, the last provider failure. */
export async function getRecallSettings(caller: Caller): Promise<RecallSettings> {
  requirePermission(caller, 'settings.manage')
  const prisma = await getPrisma()
  const tenant = await prisma.tenant.findUnique({ where: { id: caller.tenantId }, select: { settings: true } })
  if (!tenant) throw notFound()
  return readRecallSettings(tenant.settings)
}

/**
 * Changes the relevance floor and the embedding model. A new model does not switch recall at once:
 * it starts a background re-embedding (progress in the settings), and recall keeps the active model
 * until every lesson has a vector from the new one. Choosing the active model again cancels a change.
 * Audited with before and after.
 */
export async function updateRecallSettings(
  caller: Caller,
  change: { floor: number; embeddingModel: string },
): Promise<RecallSettings> {
  requirePermission(caller, 'settings.manage')
  const prisma = await getPrisma()
  return prisma.$transaction(async (tx) => {
    const tenant = await tx.tenant.findUnique({ where: { id: caller.tenantId }, select: { settings: true } })
    if (!tenant) throw notFound()
    const before = readRecallSettings(tenant.settings)
    await tx.$executeRawUnsafe(
      `UPDATE tenants SET settings = jsonb_set(settings::jsonb, '{recallFloor}', to_jsonb($2::float8)) WHERE id = $1`,
      caller.tenantId,
      change.floor,
    )
    const wanted = change.embeddingModel
    const current = before.pending?.model ?? before.activeModel
    if (wanted !== current)
      await patchEmbeddingState(tx, caller.tenantId, {
        active: before.activeModel,
        pending:
          wanted === before.activeModel
            ? null
            : { model: wanted, done: 0, total: 0, startedAt: new Date().toISOString() },
      })
    const after = readRecallSettings(
      (await tx.tenant.findUniqueOrThrow({ where: { id: caller.tenantId }, select: { settings: true } })).settings,
    )
    if (before.floor !== after.floor || current !== wanted)
      await writeAudit(
        tx,
        caller,
        'settings.updated',
        { type: 'tenant', id: caller.tenantId },
        {
          before: { recallFloor: before.floor, embeddingModel: current },
          after: { recallFloor: after.floor, embeddingModel: wanted },
        },
      )
    return after
  })
}
