import 'server-only'
import { writeAudit } from '../audit/write-audit'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { getPrisma } from '../../adapters/db/client'
import { notFound } from '../../errors'
import { oidcDisplayName } from './oidc-provider'
import { loadTenantSettings } from '../tenants/tenant-settings'
import { ssoSettingsOf, type SsoSettings } from './sso-settings'

/** The SSO settings page: whether the operator configured a provider, and the tenant's settings. */
export type SsoView = { provider: string | null; settings: SsoSettings }

/** The caller's tenant SSO settings (settings.manage). */
export async function getSsoView(caller: Caller): Promise<SsoView> {
  requirePermission(caller, 'settings.manage')
  return { provider: oidcDisplayName(), settings: ssoSettingsOf(await loadTenantSettings(caller)) }
}

/** Replaces the tenant's SSO settings (domains, default role, password sign-in); audited with before and after. */
export async function updateSsoSettings(caller: Caller, next: SsoSettings): Promise<SsoSettings> {
  requirePermission(caller, 'settings.manage')
  const prisma = await getPrisma()
  return prisma.$transaction(async (tx) => {
    const tenant = await tx.tenant.findUnique({ where: { id: caller.tenantId }, select: { settings: true } })
    if (!tenant) throw notFound()
    const current = (
      tenant.settings && typeof tenant.settings === 'object' && !Array.isArray(tenant.settings) ? tenant.settings : {}
    ) as Record<string, unknown>
    const before = ssoSettingsOf(current)
    const settings = { ...next, domains: [...new Set(next.domains)] }
    await tx.tenant.update({ where: { id: caller.tenantId }, data: { settings: { ...current, sso: settings } } })
    await writeAudit(tx, caller, 'sso.updated', { type: 'tenant', id: caller.tenantId }, { before, after: settings })
    return settings
  })
}
