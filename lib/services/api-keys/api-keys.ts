import 'server-only'
import { writeAudit } from '../audit/write-audit'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { can, scopesAllowedFor } from '../auth/permissions'
import { getPrisma } from '../../adapters/db/client'
import { AppError, notFound } from '../../errors'
import type { CreateApiKeyInput } from './api-key-forms'
import { generateApiKey } from './key-secret'

/** A key as lists show it: never the secret, only its prefix. */
export type ApiKeyView = {
  id: string
  kind: 'tenant' | 'personal'
  name: string
  prefix: string
  scopes: string[]
  userId: string
  userName: string
  createdAt: Date
  expiresAt: Date | null
  lastUsedAt: Date | null
  revokedAt: Date | null
}

const keySelect = {
  id: true,
  kind: true,
  name: true,
  prefix: true,
  scopes: true,
  userId: true,
  createdAt: true,
  expiresAt: true,
  lastUsedAt: true,
  revokedAt: true,
} as const

type KeyRow = { [K in keyof typeof keySelect]: unknown } & { kind: string; userId: string }

async function withUserNames(rows: KeyRow[]): Promise<ApiKeyView[]> {
  const prisma = await getPrisma()
  const users = await prisma.user.findMany({
    where: { id: { in: [...new Set(rows.map((row) => row.userId))] } },
    select: { id: true, name: true },
  })
  const names = new Map(users.map((user) => [user.id, user.name]))
  return rows.map((row) => ({ ...(row as Omit<ApiKeyView, 'userName'>), userName: names.get(row.userId) ?? '' }))
}

/**
 * Creates a key and returns its secret, the only time it is ever shown. Personal keys act as the
 * caller; tenant keys (admins only) act as the creating admin while they stay an admin. Scopes the
 * caller's role could not use are refused, so a key never grants more than its owner's role.
 */
export async function createApiKey(
  caller: Caller,
  input: CreateApiKeyInput,
): Promise<{ key: ApiKeyView; secret: string }> {
  requirePermission(caller, input.kind === 'tenant' ? 'apiKeys.manageTenant' : 'apiKeys.manageOwn')
  const allowed = scopesAllowedFor(caller.role)
  const beyond = input.scopes.filter((scope) => !allowed.includes(scope))
  if (beyond.length > 0)
    throw new AppError('bad_request', 'A key cannot grant more than your role.', {
      scopes: [`your role (${caller.role}) cannot use ${beyond.join(', ')}; choose from ${allowed.join(', ')}`],
    })
  const { secret, prefix, secretHash } = generateApiKey()
  const expiresAt = input.expiresInDays ? new Date(Date.now() + input.expiresInDays * 86_400_000) : null
  const prisma = await getPrisma()
  const row = await prisma.$transaction(async (tx) => {
    const created = await tx.apiKey.create({
      data: {
        tenantId: caller.tenantId,
        kind: input.kind,
        userId: caller.userId,
        name: input.name,
        prefix,
        secretHash,
        scopes: input.scopes,
        createdById: caller.userId,
        expiresAt,
      },
      select: keySelect,
    })
    await writeAudit(
      tx,
      caller,
      'api_key.created',
      { type: 'api_key', id: created.id },
      {
        kind: input.kind,
        name: input.name,
        prefix,
        scopes: input.scopes,
        expiresAt: expiresAt?.toISOString() ?? null,
      },
    )
    return created
  })
  const [key] = await withUserNames([row])
  return { key, secret }
}

/** The keys a caller may manage: every key of the tenant for admins, else their own personal keys. */
export async function listApiKeys(caller: Caller): Promise<ApiKeyView[]> {
  requirePermission(caller, 'apiKeys.manageOwn')
  const prisma = await getPrisma()
  const rows = await prisma.apiKey.findMany({
    where: can(caller.role, 'apiKeys.manageTenant')
      ? { tenantId: caller.tenantId }
      : { tenantId: caller.tenantId, userId: caller.userId, kind: 'personal' },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: keySelect,
    take: 500,
  })
  return withUserNames(rows)
}

/** Revokes a key at once (its next request is refused); admins any key of the tenant, others their own. */
export async function revokeApiKey(caller: Caller, keyId: string): Promise<void> {
  requirePermission(caller, 'apiKeys.manageOwn')
  const prisma = await getPrisma()
  const key = await prisma.apiKey.findFirst({
    where: { id: keyId, tenantId: caller.tenantId },
    select: { id: true, kind: true, userId: true, prefix: true, revokedAt: true },
  })
  const mayRevoke =
    key && (can(caller.role, 'apiKeys.manageTenant') || (key.kind === 'personal' && key.userId === caller.userId))
  if (!key || !mayRevoke) throw notFound()
  if (key.revokedAt) return
  await prisma.$transaction(async (tx) => {
    await tx.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } })
    await writeAudit(tx, caller, 'api_key.revoked', { type: 'api_key', id: key.id }, { prefix: key.prefix })
  })
}
