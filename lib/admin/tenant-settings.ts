import 'server-only'
import { z } from 'zod'
import { writeAudit } from '../audit/write-audit'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { can } from '../auth/permissions'
import { getPrisma } from '../db/client'
import { notFound } from '../errors'
import { tenantRunSettings } from '../runs/tenant-run-settings'

/** Whether the support agent masks e-mail addresses in run logs (default: yes). Other keys belong to runs. */
export const supportSettingsSchema = z.object({ supportRedactEmails: z.boolean().optional().catch(undefined) })

/** The tenant settings the settings pages show and change. */
export type TenantSettingsView = { defaultModel: string | null; dailyRunQuota: number | null; supportRedactEmails: boolean }

/** What an admin may change; `null` clears a value (back to the built-in default). */
export type TenantSettingsChange = Partial<{ defaultModel: string | null; dailyRunQuota: number | null; supportRedactEmails: boolean }>

/** Reads the settings JSON of a tenant, ignoring what does not parse. */
export function readTenantSettings(settings: unknown): TenantSettingsView {
  const runs = tenantRunSettings(settings)
  const support = supportSettingsSchema.safeParse(settings && typeof settings === 'object' ? settings : {})
  return { defaultModel: runs.defaultModel ?? null, dailyRunQuota: runs.dailyRunQuota ?? null, supportRedactEmails: (support.success && support.data.supportRedactEmails) ?? true }
}

/** The redaction options the support agent should use for a tenant's settings JSON. */
export function supportRedactionOptions(settings: unknown): { emails: boolean; secrets: true } {
  return { emails: readTenantSettings(settings).supportRedactEmails, secrets: true }
}

/** The caller's tenant settings (settings.manage or members.manage). */
export async function getTenantSettings(caller: Caller): Promise<TenantSettingsView> {
  if (!can(caller.role, 'settings.manage') && !can(caller.role, 'members.manage')) throw notFound()
  const prisma = await getPrisma()
  const tenant = await prisma.tenant.findUnique({ where: { id: caller.tenantId }, select: { settings: true } })
  if (!tenant) throw notFound()
  return readTenantSettings(tenant.settings)
}

/**
 * Changes some tenant settings, keeping every other key of the JSON; audited with before and
 * after of the changed keys only. Quota changes need members.manage, the rest settings.manage.
 */
export async function updateTenantSettings(caller: Caller, change: TenantSettingsChange): Promise<TenantSettingsView> {
  if ('dailyRunQuota' in change) requirePermission(caller, 'members.manage')
  if ('defaultModel' in change || 'supportRedactEmails' in change) requirePermission(caller, 'settings.manage')
  const prisma = await getPrisma()
  return prisma.$transaction(async (tx) => {
    const tenant = await tx.tenant.findUnique({ where: { id: caller.tenantId }, select: { settings: true } })
    if (!tenant) throw notFound()
    const current = (tenant.settings && typeof tenant.settings === 'object' && !Array.isArray(tenant.settings) ? tenant.settings : {}) as Record<string, unknown>
    const next: Record<string, unknown> = { ...current }
    for (const [key, value] of Object.entries(change)) {
      if (value === undefined) continue
      if (value === null) delete next[key]
      else next[key] = value
    }
    await tx.tenant.update({ where: { id: caller.tenantId }, data: { settings: next as object } })
    const keys = Object.keys(change).filter((key) => change[key as keyof TenantSettingsChange] !== undefined)
    const pick = (source: Record<string, unknown>) => Object.fromEntries(keys.map((key) => [key, source[key] ?? null]))
    await writeAudit(tx, caller, 'settings.updated', { type: 'tenant', id: caller.tenantId }, { before: pick(current), after: pick(next) })
    return readTenantSettings(next)
  })
}
