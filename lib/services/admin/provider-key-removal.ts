import 'server-only'
import { writeAudit } from '../audit/write-audit'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { getPrisma } from '../../adapters/db/client'
import { notFound } from '../../errors'
import type { Provider } from '../../adapters/models/tenant-secrets'

/** Removes the tenant's stored key for a provider (runs fall back to the environment or the demo model); audited. */
export async function removeProviderKey(caller: Caller, provider: Provider): Promise<void> {
  requirePermission(caller, 'settings.manage')
  const prisma = await getPrisma()
  await prisma.$transaction(async (tx) => {
    const row = await tx.providerSecret.findFirst({
      where: { tenantId: caller.tenantId, provider },
      select: { id: true, lastFour: true },
    })
    if (!row) throw notFound('No key is stored for this provider.')
    await tx.providerSecret.delete({ where: { id: row.id } })
    await writeAudit(
      tx,
      caller,
      'provider_key.removed',
      { type: 'provider_secret', id: row.id },
      { provider, lastFour: row.lastFour },
    )
  })
}
