import 'server-only'
import { callerOf } from '../auth/caller'
import type { Caller } from '../auth/caller'
import { can, type ApiScope } from '../auth/permissions'
import { getPrisma } from '../../adapters/db/client'
import { hashApiKey, looksLikeApiKey } from './key-secret'

/** Who a valid key acts as, and what it may do. */
export type KeyPrincipal = { caller: Caller; keyId: string; keyKind: 'tenant' | 'personal'; scopes: ApiScope[] }

/** lastUsedAt is written at most this often per key, so reads do not each cost a write. */
const LAST_USED_RESOLUTION_MS = 60_000

/**
 * The principal of a bearer key, or null: unknown, revoked and expired keys are refused, and so is
 * a key whose person is no longer a member (or, for a tenant key, no longer an admin). The role is
 * read now, from the membership, so a demotion takes effect on the next request.
 */
export async function authenticateApiKey(secret: string, now = new Date()): Promise<KeyPrincipal | null> {
  if (!looksLikeApiKey(secret)) return null
  const prisma = await getPrisma()
  const key = await prisma.apiKey.findUnique({
    where: { secretHash: hashApiKey(secret) },
    select: {
      id: true,
      tenantId: true,
      userId: true,
      kind: true,
      scopes: true,
      expiresAt: true,
      revokedAt: true,
      lastUsedAt: true,
    },
  })
  if (!key || key.revokedAt || (key.expiresAt && key.expiresAt <= now)) return null
  const membership = await prisma.membership.findUnique({
    where: { tenantId_userId: { tenantId: key.tenantId, userId: key.userId } },
    select: { role: true },
  })
  if (!membership) return null
  if (key.kind === 'tenant' && !can(membership.role, 'apiKeys.manageTenant')) return null
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS)
    await prisma.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: now } })
  return {
    caller: callerOf({ user: { id: key.userId }, active: { tenantId: key.tenantId, role: membership.role } })!,
    keyId: key.id,
    keyKind: key.kind === 'tenant' ? 'tenant' : 'personal',
    scopes: key.scopes as ApiScope[],
  }
}
