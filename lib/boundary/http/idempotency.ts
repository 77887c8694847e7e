import 'server-only'
import crypto from 'node:crypto'
import { getPrisma } from '../../adapters/db/client'
import { AppError } from '../../errors'

/** How long a stored answer is replayed; after that the key may be used again. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000

/** A stored answer to replay. */
export type StoredAnswer = { status: number; body: unknown }

/** Who sent the request: keys are per principal, so two keys of a tenant never collide. */
export type IdempotencyScope = { tenantId: string; principal: string; key: string }

/** The hash a stored key is bound to: method, path and body. */
export function requestHash(method: string, path: string, body: string): string {
  return crypto.createHash('sha256').update(`${method}\n${path}\n${body}`).digest('hex')
}

/** Refuses keys that are empty or too long (at most 255 visible ASCII characters). */
export function checkIdempotencyKey(key: string): string {
  if (!/^[\x21-\x7e]{1,255}$/.test(key))
    throw new AppError('bad_request', 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.')
  return key
}

/**
 * Claims an Idempotency-Key for a request. Returns the stored answer to replay when the same
 * request already completed, null when this request now owns the key; the same key with another
 * request is a 422, and one still being handled a 409.
 */
export async function claimIdempotencyKey(scope: IdempotencyScope, hash: string): Promise<StoredAnswer | null> {
  const prisma = await getPrisma()
  for (let attempt = 0; attempt < 2; attempt++) {
    const inserted = await prisma.$queryRawUnsafe<{ id: bigint }[]>(
      `INSERT INTO idempotency_records (tenant_id, principal, key, request_hash) VALUES ($1, $2, $3, $4)
       ON CONFLICT (tenant_id, principal, key) DO NOTHING RETURNING id`,
      scope.tenantId,
      scope.principal,
      scope.key,
      hash,
    )
    if (inserted.length > 0) return null
    const existing = await prisma.idempotencyRecord.findUnique({
      where: { tenantId_principal_key: scope },
      select: { id: true, requestHash: true, status: true, body: true, createdAt: true },
    })
    if (!existing) continue
    if (Date.now() - existing.createdAt.getTime() > IDEMPOTENCY_TTL_MS) {
      await prisma.idempotencyRecord.deleteMany({ where: { id: existing.id } })
      continue
    }
    if (existing.requestHash !== hash)
      throw new AppError('unprocessable', 'This Idempotency-Key was already used with a different request.')
    if (existing.status === null)
      throw new AppError('conflict', 'A request with this Idempotency-Key is still being handled; retry shortly.')
    return { status: existing.status, body: existing.body }
  }
  throw new AppError('conflict', 'A request with this Idempotency-Key is still being handled; retry shortly.')
}

/** Stores the answer of a claimed key (only answers below 500: a server error may be retried). */
export async function completeIdempotencyKey(scope: IdempotencyScope, answer: StoredAnswer): Promise<void> {
  const prisma = await getPrisma()
  if (answer.status >= 500) {
    await releaseIdempotencyKey(scope)
    return
  }
  await prisma.idempotencyRecord.update({
    where: { tenantId_principal_key: scope },
    data: { status: answer.status, body: answer.body === undefined ? undefined : (answer.body as object) },
  })
}

/** Frees a claimed key after a failure, so the client's retry is handled anew. */
export async function releaseIdempotencyKey(scope: IdempotencyScope): Promise<void> {
  const prisma = await getPrisma()
  await prisma.idempotencyRecord.deleteMany({ where: { ...scope, status: null } })
}
