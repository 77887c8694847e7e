import 'server-only'
import { writeAudit } from '../audit/write-audit'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { can } from '../auth/permissions'
import { getPrisma } from '../../adapters/db/client'
import { notFound } from '../../errors'
import { tenantRunSettings } from '../runs/tenant-run-settings'
import { tenantRedaction } from '../support/tenant-redaction'
import { loadTenantSettings } from '../tenants/tenant-settings'

/** The tenant settings the settings pages show and change. */
export type TenantSettingsView = {
  defaultModel: string | null
  dailyRunQuota: number | null
  supportRedactEmails: boolean
  demoLatencyMs: number | null
}

/** What an admin may change; `null` clears a value (back to the built-in default). */
export type TenantSettingsChange = Partial<{
  defaultModel: string | null
  dailyRunQuota: number | null
  supportRedactEmails: boolean
  demoLatencyMs: number | null
}>

/**
 * Reads the settings JSON of a tenant, ignoring what does not parse: the run keys (lib/services/runs) and
 * the support agent's `redaction.emails` (lib/services/support), each read by its owner's schema.
 */
export function readTenantSettings(settings: unknown): TenantSettingsView {
  const runs = tenantRunSettings(settings)
  return {
    defaultModel: runs.defaultModel ?? null,
    dailyRunQuota: runs.dailyRunQuota ?? null,
    supportRedactEmails: tenantRedaction(settings).emails,
    demoLatencyMs: runs.demoLatencyMs ?? null,
  }
}

/** The settings JSON with a change applied; `null` removes a key, `supportRedactEmails` lands in `redaction.emails`. */
export function applySettingsChange(
  current: Record<string, unknown>,
  change: TenantSettingsChange,
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...current }
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined) continue
    if (key === 'supportRedactEmails') {
      const redaction = current.redaction && typeof current.redaction === 'object' ? current.redaction : {}
      next.redaction = { ...redaction, emails: value }
    } else if (value === null) delete next[key]
    else next[key] = value
  }
  return next
}

/** The caller's tenant settings (settings.manage or members.manage). */
export async function getTenantSettings(caller: Caller): Promise<TenantSettingsView> {
  if (!can(caller.role, 'settings.manage') && !can(caller.role, 'members.manage')) throw notFound()
  return readTenantSettings(await loadTenantSettings(caller))
}

/**
 * Changes some tenant settings, keeping every other key of the JSON; audited with before and
 * after of the changed keys only. Quota changes need members.manage, the rest settings.manage.
 */
export async function updateTenantSettings(caller: Caller, change: TenantSettingsChange): Promise<TenantSettingsView> {
  if ('dailyRunQuota' in change) requirePermission(caller, 'members.manage')
  if ('defaultModel' in change || 'supportRedactEmails' in change || 'demoLatencyMs' in change)
    requirePermission(caller, 'settings.manage')
  const prisma = await getPrisma()
  return prisma.$transaction(async (tx) => {
    const tenant = await tx.tenant.findUnique({ where: { id: caller.tenantId }, select: { settings: true } })
    if (!tenant) throw notFound()
    const current = (
      tenant.settings && typeof tenant.settings === 'object' && !Array.isArray(tenant.settings) ? tenant.settings : {}
    ) as Record<string, unknown>
    const next = applySettingsChange(current, change)
    await tx.tenant.update({ where: { id: caller.tenantId }, data: { settings: next as object } })
    const keys = Object.keys(change).filter(
      (key) => change[key as keyof TenantSettingsChange] !== undefined,
    ) as (keyof TenantSettingsView)[]
    const before = readTenantSettings(current)
    const after = readTenantSettings(next)
    const changed = keys.filter((key) => before[key] !== after[key])
    if (changed.length > 0)
      await writeAudit(
        tx,
        caller,
        'settings.updated',
        { type: 'tenant', id: caller.tenantId },
        {
          before: Object.fromEntries(changed.map((key) => [key, before[key]])),
          after: Object.fromEntries(changed.map((key) => [key, after[key]])),
        },
      )
    return readTenantSettings(next)
  })
}
