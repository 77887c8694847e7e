import 'server-only'
import crypto from 'node:crypto'
import type { Db } from '../../adapters/db/client'
import type { LessonDb } from './pg-lesson-store'

/**
 * Large recall scopes (a user or a tenant's shared lessons in the tens of thousands) are searched
 * through an HNSW index; small ones (the common case) by an exact scan of the btree's candidates.
 * Each embedder gets its own partial expression index, because vectors of different models have
 * different dimensions: `((embedding::halfvec(D))) WHERE embedder = '<id>'` (half precision: half
 * the size, same ranking at recall's precision; HNSW indexes halfvec up to 4,000 dimensions).
 */

/** Above this many candidate lessons, recall goes through the embedder's HNSW index (measured: bench/RESULTS.md). */
export const INDEXED_RECALL_ABOVE = 3_000

/** The index name of an embedder (stable, short, safe as an identifier). */
export function vectorIndexName(embedderId: string): string {
  return `lessons_hnsw_${crypto.createHash('sha256').update(embedderId).digest('hex').slice(0, 16)}`
}

/** An embedder id as a SQL string literal (ids are ours, but quote them properly anyway). */
export function sqlLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`
}

/** The indexed distance expression for an embedder's dimension; the query must use exactly this to use the index. */
export function indexedDistance(dimensions: number, parameter: string): string {
  return `(l.embedding::halfvec(${dimensions})) <=> (${parameter}::vector::halfvec(${dimensions}))`
}

/** A recall scope's cache key: the tenant and the user keys it may see (order-free). */
export function scopeKey(tenantId: string, userKeys: readonly string[] | null): string {
  return JSON.stringify([tenantId, userKeys === null ? null : [...userKeys].sort()])
}

/**
 * Which scopes are large enough for the index, remembered for a while per process. Counting a scope
 * cost as much as the recall itself (planning plus an index-only scan: ~2-3 ms of a ~6 ms recall,
 * bench/RESULTS.md), and the answer only matters for speed: both paths return the same lessons (the
 * exact one exactly, the index one at >= 0.98 agreement), so a scope that just crossed the line is
 * served by the other path for at most `ttlMs`.
 */
export class ScopeSizeCache {
  private readonly entries = new Map<string, { large: boolean; until: number }>()

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number; now?: () => number } = {
      ttlMs: 60_000,
      maxEntries: 10_000,
    },
  ) {}

  async decide(key: string, count: () => Promise<boolean>): Promise<boolean> {
    const now = (this.options.now ?? Date.now)()
    const cached = this.entries.get(key)
    if (cached && cached.until > now) return cached.large
    const large = await count()
    this.entries.delete(key)
    this.entries.set(key, { large, until: now + this.options.ttlMs })
    // Oldest first in a Map: drop them once over the cap, so many distinct scopes cannot grow it.
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.options.maxEntries) break
      this.entries.delete(oldest)
    }
    return large
  }

  clear(): void {
    this.entries.clear()
  }
}

/** The process's scope-size decisions. */
export const largeScopes = new ScopeSizeCache()

const known = new Set<string>()

/** Whether the embedder's HNSW index exists (cached once seen). */
export async function hasVectorIndex(prisma: LessonDb | Db, embedderId: string): Promise<boolean> {
  const name = vectorIndexName(embedderId)
  if (known.has(name)) return true
  const rows = await prisma.$queryRawUnsafe<unknown[]>('SELECT 1 FROM pg_indexes WHERE indexname = $1', name)
  if (rows.length > 0) known.add(name)
  return rows.length > 0
}

/**
 * Creates the embedder's HNSW index when pgvector is there and the embedder has vectors of one
 * dimension (at most 4,000). Run off the request path: the re-embedding job and deployments call it.
 */
export async function ensureVectorIndex(prisma: Db, embedderId: string, dimensions: number): Promise<boolean> {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 4_000) return false
  if (await hasVectorIndex(prisma, embedderId)) return true
  const vector = await prisma.$queryRawUnsafe<unknown[]>("SELECT 1 FROM pg_extension WHERE extname = 'vector'")
  if (vector.length === 0) return false
  await prisma.$executeRawUnsafe(
    `CREATE INDEX IF NOT EXISTS ${vectorIndexName(embedderId)} ON lessons
       USING hnsw ((embedding::halfvec(${dimensions})) halfvec_cosine_ops)
       WHERE embedder = ${sqlLiteral(embedderId)} AND embedding IS NOT NULL`,
  )
  known.add(vectorIndexName(embedderId))
  return true
}
