import 'server-only'
import type { Db } from '../../adapters/db/client'
import type { SecretsBackend } from '../../adapters/models/secrets'
import { readRecallSettings } from './embedding-settings'
import { recordEmbeddingFailure } from './embedding-state'
import { PgLessonStore, type LessonDb, type RecallScope } from './pg-lesson-store'
import { embedderForModel } from './tenant-embedder'

/**
 * A tenant's lesson store as its settings say: the active embedding model (the old one until a
 * change is fully re-embedded), the tenant's relevance floor, and provider failures that fall back
 * to the offline path and are recorded for admins instead of failing the run.
 */
export async function tenantLessonStore(
  prisma: LessonDb | Db,
  tenantId: string,
  options: { secrets: SecretsBackend; runId?: string; scope?: RecallScope },
): Promise<PgLessonStore> {
  const tenant = await prisma.tenant.findUnique({ where: { id: tenantId }, select: { settings: true } })
  const settings = readRecallSettings(tenant?.settings)
  return new PgLessonStore({
    prisma,
    tenantId,
    embedder: embedderForModel(settings.activeModel, options.secrets),
    floor: settings.floor,
    runId: options.runId,
    scope: options.scope,
    onEmbedderFailure: (error, during) => recordEmbeddingFailure(prisma, tenantId, error, during),
  })
}
