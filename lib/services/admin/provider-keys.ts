import 'server-only'
import { z } from 'zod'
import { writeAudit } from '../audit/write-audit'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { getPrisma } from '../../adapters/db/client'
import { AppError } from '../../errors'
import { assertOutboundUrl, OutboundRefusedError } from '../../adapters/net'
import { encryptSecret } from '../../adapters/models/crypto'
import { PROVIDER_SECRET_NAMES, secretsKey } from '../../adapters/models/tenant-secrets'

/** What an admin submits to store a provider key. */
export const providerKeyInputSchema = z.object({
  provider: z.enum(Object.keys(PROVIDER_SECRET_NAMES) as [keyof typeof PROVIDER_SECRET_NAMES], {
    error: 'Choose openai, anthropic or compatible.',
  }),
  apiKey: z.string().trim().min(8, 'That key is too short.').max(500),
  baseUrl: z.url({ protocol: /^https?$/, error: 'Use an http(s) URL.' }).optional(),
})

/** A stored key as the settings page shows it: never the key itself. */
export type ProviderKeySummary = { provider: string; baseUrl: string | null; lastFour: string; updatedAt: Date }

/** Stores (or replaces) the tenant's key for a provider, encrypted; the audit entry never holds the key. */
export async function saveProviderKey(
  caller: Caller,
  input: z.input<typeof providerKeyInputSchema>,
): Promise<ProviderKeySummary> {
  requirePermission(caller, 'settings.manage')
  const parsed = providerKeyInputSchema.safeParse(input)
  if (!parsed.success)
    throw new AppError(
      'bad_request',
      'Check the provider key.',
      z.flattenError(parsed.error).fieldErrors as Record<string, string[]>,
    )
  const { provider, apiKey, baseUrl } = parsed.data
  if (baseUrl) await assertBaseUrlAllowed(baseUrl)
  const prisma = await getPrisma()
  const data = { ciphertext: encryptSecret(secretsKey(), apiKey), lastFour: apiKey.slice(-4), baseUrl: baseUrl ?? null }
  return prisma.$transaction(async (tx) => {
    const row = await tx.providerSecret.upsert({
      where: { tenantId_provider: { tenantId: caller.tenantId, provider } },
      create: { tenantId: caller.tenantId, provider, createdById: caller.userId, ...data },
      update: data,
    })
    await writeAudit(
      tx,
      caller,
      'provider_key.saved',
      { type: 'provider_secret', id: row.id },
      { provider, baseUrl: data.baseUrl, lastFour: data.lastFour },
    )
    return { provider: row.provider, baseUrl: row.baseUrl, lastFour: row.lastFour, updatedAt: row.updatedAt }
  })
}

/** The tenant's stored provider keys (provider, base URL, last four, when), for admins. */
export async function listProviderKeys(caller: Caller): Promise<ProviderKeySummary[]> {
  requirePermission(caller, 'settings.manage')
  const prisma = await getPrisma()
  const rows = await prisma.providerSecret.findMany({
    where: { tenantId: caller.tenantId },
    orderBy: { provider: 'asc' },
  })
  return rows.map((row) => ({
    provider: row.provider,
    baseUrl: row.baseUrl,
    lastFour: row.lastFour,
    updatedAt: row.updatedAt,
  }))
}

/** Refuses, as a field error, a base URL the outbound guard would refuse at use (checked again then). */
async function assertBaseUrlAllowed(baseUrl: string): Promise<void> {
  try {
    await assertOutboundUrl(baseUrl)
  } catch (error) {
    if (!(error instanceof OutboundRefusedError)) throw error
    throw new AppError('bad_request', 'Check the provider key.', {
      baseUrl: [
        `${error.message} Loopback, private and cloud metadata addresses are refused unless the operator allows them.`,
      ],
    })
  }
}
