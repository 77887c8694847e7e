import type { Db } from '../../adapters/db/client'
import { tenantSecrets } from '../../adapters/models/tenant-secrets'
import { reembedTenant, tenantsNeedingEmbeddings } from './reembed-lessons'
import { ensureRecallIndexes } from './vector-index'

/**
 * The periodic background job (one worker of the deployment at a time, through pg-boss): brings every
 * tenant's lesson vectors in line with its embedding model, logging progress and failures, and gives
 * each embedder's vectors their HNSW index.
 */
export async function reembedDueTenants(prisma: Db): Promise<void> {
  for (const tenantId of await tenantsNeedingEmbeddings(prisma)) {
    const result = await reembedTenant(prisma, tenantId, tenantSecrets(prisma, tenantId))
    if (result.embedded > 0 || result.failed)
      console.log(
        `[lessons] tenant ${tenantId}: embedded ${result.embedded} lessons${result.complete ? ', up to date' : ''}${result.failed ? ' (provider failed; will retry)' : ''}`,
      )
  }
  for (const index of await ensureRecallIndexes(prisma)) console.log(`[lessons] built the recall index ${index}`)
}
