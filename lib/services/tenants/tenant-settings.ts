import 'server-only'
import type { Caller } from '../auth/caller'
import { getPrisma } from '../../adapters/db/client'
import { notFound } from '../../errors'

/**
 * The settings JSON of the caller's own tenant: the one read of `tenants.settings` for a caller
 * (run defaults, quotas, redaction, retention each parse their part). notFound() if the tenant is gone.
 */
export async function loadTenantSettings(caller: Caller): Promise<unknown> {
  const prisma = await getPrisma()
  const tenant = await prisma.tenant.findUnique({ where: { id: caller.tenantId }, select: { settings: true } })
  if (!tenant) throw notFound()
  return tenant.settings ?? {}
}
