import 'server-only'
import type { Db } from '../../adapters/db/client'
import type { SecretsBackend } from '../../adapters/models/secrets'
import { readRecallSettings } from './embedding-settings'
import { patchEmbeddingState, recordEmbeddingFailure } from './embedding-state'
import { embedderForModel, embedderIdForModel } from './tenant-embedder'
import { embeddingStorage, vectorLiteral } from './vector-support'

/** Lessons embedded per step: one provider request each, small enough to show progress. */
export const REEMBED_BATCH = 64

/** What one step did: lessons embedded, whether the change is complete, or the failure that stopped it. */
export type ReembedStep = { embedded: number; complete: boolean; failed?: string }

/**
 * One step of a tenant's embedding-model change. The new vectors go to `next_embedding` beside the
 * old ones, so recall keeps using the old model meanwhile; when every lesson has one, a single
 * transaction swaps them in and makes the new model active. Without a pending change, the step
 * repairs lessons whose vector is not the active model's (written by the offline fallback).
 * A provider failure stops the step, is recorded for admins, and the next step tries again.
 */
export async function reembedStep(prisma: Db, tenantId: string, secrets: SecretsBackend): Promise<ReembedStep> {
  const tenant = await prisma.tenant.findUnique({ where: { id: tenantId }, select: { settings: true } })
  const settings = readRecallSettings(tenant?.settings)
  const storage = await embeddingStorage(prisma)
  const cast = storage === 'vector' ? 'vector' : 'real[]'
  const pending = settings.pending
  const model = pending?.model ?? settings.activeModel
  const target = embedderIdForModel(model)
  const [column, embedderColumn] = pending ? ['next_embedding', 'next_embedder'] : ['embedding', 'embedder']
  const rows = await prisma.$queryRawUnsafe<{ id: string; content: string }[]>(
    `SELECT id, content FROM lessons WHERE tenant_id = $1 AND ${embedderColumn} IS DISTINCT FROM $2 ORDER BY id LIMIT $3`,
    tenantId,
    target,
    REEMBED_BATCH,
  )
  if (rows.length > 0) {
    let vectors: number[][]
    try {
      vectors = await embedderForModel(model, secrets).embed(rows.map((row) => row.content))
    } catch (error) {
      await recordEmbeddingFailure(prisma, tenantId, error, 'reembed')
      return { embedded: 0, complete: false, failed: error instanceof Error ? error.message : String(error) }
    }
    await prisma.$executeRawUnsafe(
      `UPDATE lessons l SET ${column} = v.vector::${cast}, ${embedderColumn} = $2${pending ? '' : ', dimensions = v.dims'}
       FROM unnest($3::text[], $4::text[], $5::int[]) AS v(id, vector, dims) WHERE l.id = v.id AND l.tenant_id = $1`,
      tenantId,
      target,
      rows.map((row) => row.id),
      vectors.map((vector) => vectorLiteral(storage, vector)),
      vectors.map((vector) => vector.length),
    )
  }
  if (!pending) return { embedded: rows.length, complete: rows.length < REEMBED_BATCH }
  return prisma.$transaction(async (tx) => {
    const [{ left, total }] = await tx.$queryRawUnsafe<{ left: number; total: number }[]>(
      `SELECT count(*) FILTER (WHERE next_embedder IS DISTINCT FROM $2)::int AS left, count(*)::int AS total
       FROM lessons WHERE tenant_id = $1`,
      tenantId,
      target,
    )
    if (left > 0) {
      await patchEmbeddingState(tx, tenantId, { pending: { ...pending, done: total - left, total } })
      return { embedded: rows.length, complete: false }
    }
    await tx.$executeRawUnsafe(
      `UPDATE lessons SET embedding = next_embedding, embedder = next_embedder,
         dimensions = cardinality(next_embedding::real[]), next_embedding = NULL, next_embedder = NULL
       WHERE tenant_id = $1`,
      tenantId,
    )
    await patchEmbeddingState(tx, tenantId, { active: model, pending: null })
    return { embedded: rows.length, complete: true }
  })
}

/** Runs steps until the change (or repair) completes or a step fails; the periodic job's body. */
export async function reembedTenant(prisma: Db, tenantId: string, secrets: SecretsBackend): Promise<ReembedStep> {
  let embedded = 0
  for (;;) {
    const step = await reembedStep(prisma, tenantId, secrets)
    embedded += step.embedded
    if (step.complete || step.failed) return { ...step, embedded }
  }
}

/**
 * Tenants whose lessons need embedding work: a model change under way, or lessons whose vector is not
 * the active model's (written by the offline fallback, or by an older offline embedder before an upgrade).
 */
export async function tenantsNeedingEmbeddings(prisma: Db): Promise<string[]> {
  const tenants = await prisma.tenant.findMany({ select: { id: true, settings: true }, orderBy: { id: 'asc' } })
  const due: string[] = []
  for (const tenant of tenants) {
    const settings = readRecallSettings(tenant.settings)
    if (settings.pending) {
      due.push(tenant.id)
      continue
    }
    const stale = await prisma.$queryRawUnsafe<unknown[]>(
      'SELECT 1 FROM lessons WHERE tenant_id = $1 AND embedder <> $2 LIMIT 1',
      tenant.id,
      embedderIdForModel(settings.activeModel),
    )
    if (stale.length > 0) due.push(tenant.id)
  }
  return due
}
