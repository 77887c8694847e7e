import 'server-only'
import { z } from 'zod'
import { writeAudit } from '../audit/write-audit'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { getPrisma } from '../../adapters/db/client'
import { AppError, notFound } from '../../errors'
import { builtinTool, httpFetchConfigSchema } from './builtins'
import { TOOL_NAME_PATTERN } from './tool-names'

/** Switches one tool of the tenant on or off (a built-in gets its row on first use); audited. */
export async function setToolEnabled(caller: Caller, name: string, enabled: boolean): Promise<void> {
  requirePermission(caller, 'settings.manage')
  if (!TOOL_NAME_PATTERN.test(name)) throw notFound()
  const prisma = await getPrisma()
  await prisma.$transaction(async (tx) => {
    const where = { tenantId_name: { tenantId: caller.tenantId, name } }
    const existing = await tx.tenantTool.findUnique({ where })
    const builtin = builtinTool(name)
    if (!existing && !builtin) throw notFound()
    const row = existing
      ? await tx.tenantTool.update({ where, data: { enabled } })
      : await tx.tenantTool.create({
          data: {
            tenantId: caller.tenantId,
            name,
            origin: 'builtin',
            remoteName: name,
            description: builtin!.description,
            enabled,
          },
        })
    await writeAudit(
      tx,
      caller,
      enabled ? 'tool.enabled' : 'tool.disabled',
      { type: 'tool', id: row.id },
      {
        name,
        origin: row.origin,
      },
    )
  })
}

/** Sets the hosts `http_fetch` may GET (host names or `*.domain`); audited with the old and new lists. */
export async function setHttpFetchHosts(caller: Caller, hosts: string[]): Promise<string[]> {
  requirePermission(caller, 'settings.manage')
  const parsed = httpFetchConfigSchema.safeParse({ allowedHosts: hosts })
  if (!parsed.success)
    throw new AppError('bad_request', 'Check the allowed hosts.', {
      allowedHosts: parsed.error.issues.map((issue) => issue.message),
    })
  const allowedHosts = [...new Set(parsed.data.allowedHosts)]
  const prisma = await getPrisma()
  return prisma.$transaction(async (tx) => {
    const where = { tenantId_name: { tenantId: caller.tenantId, name: 'http_fetch' } }
    const existing = await tx.tenantTool.findUnique({ where })
    const before = httpFetchConfigSchema.safeParse(existing?.config ?? {}).data?.allowedHosts ?? []
    const row = existing
      ? await tx.tenantTool.update({ where, data: { config: { allowedHosts } } })
      : await tx.tenantTool.create({
          data: {
            tenantId: caller.tenantId,
            name: 'http_fetch',
            origin: 'builtin',
            remoteName: 'http_fetch',
            description: builtinTool('http_fetch')!.description,
            config: { allowedHosts },
          },
        })
    await writeAudit(
      tx,
      caller,
      'tool.configured',
      { type: 'tool', id: row.id },
      { name: 'http_fetch', before, after: allowedHosts },
    )
    return allowedHosts
  })
}

/** The hosts field as a form sends it: separated by commas, spaces or new lines. */
export const hostListSchema = z
  .string()
  .max(4_000)
  .default('')
  .transform((text) => text.split(/[\s,]+/).filter(Boolean))
