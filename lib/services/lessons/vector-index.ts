import 'server-only'
import crypto from 'node:crypto'
import { directPool, type Db } from '../../adapters/db/client'
import type { LessonDb } from './pg-lesson-store'
import { embeddingStorage } from './vector-support'
import { logger } from '../../adapters/log'

const log = logger().child({ component: 'lessons' })

/**
 * Large recall scopes (a user or a tenant's shared lessons in the tens of thousands) are searched
 * through an HNSW index; small ones (the common case) by an exact scan of the btree's candidates.
 * Each embedder gets its own partial expression index, because vectors of different models have
 * different dimensions: `((embedding::halfvec(D))) WHERE embedder = '<id>'` (half precision: half
 * the size, same ranking at recall's precision; HNSW indexes halfvec up to 4,000 dimensions).
 */

/** Above this many candidate lessons, recall goes through the embedder's HNSW index (measured: bench/RESULTS.md). */
export const INDEXED_RECALL_ABOVE = 3_000

/**
 * How hard an index build looks for each vector's neighbours (pgvector's default is 64). Measured on
 * 300,020 lessons of 1,536 dimensions (bench/RESULTS.md, stop 28): 128 builds in 5.2 min instead of
 * 1.9, and gives a graph good enough that `hnsw.ef_search` 100 agrees with the exact top 5 on
 * 0.99-1.00 of recalls, where 64 needed 200 for 0.97-0.99. The lessons job builds in the background.
 */
export const HNSW_EF_CONSTRUCTION = 128

const nameHash = (text: string) => crypto.createHash('sha256').update(text).digest('hex').slice(0, 16)

/** The index name of an embedder (stable, short, safe as an identifier); it changes with how indexes are built. */
export function vectorIndexName(embedderId: string): string {
  return `lessons_hnsw_${nameHash(`${embedderId}\nef_construction=${HNSW_EF_CONSTRUCTION}`)}`
}

/**
 * The name an embedder's index had when it was built with pgvector's default ef_construction
 * (before stop 28). Recall goes on using such an index until the lessons job has built its
 * replacement, and the job then drops it.
 */
export function legacyVectorIndexName(embedderId: string): string {
  return `lessons_hnsw_${nameHash(embedderId)}`
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
 * bench/RESULTS.md); a scope not known here is counted by the recall itself (`countedRecallSql`).
 * The answer only matters for speed: both paths return the same lessons (the exact one exactly,
 * the index one at >= 0.98 agreement), so a scope that just crossed the line is served by the
 * other path for at most `ttlMs`.
 */
export class ScopeSizeCache {
  private readonly entries = new Map<string, { large: boolean; until: number }>()

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number; now?: () => number } = {
      ttlMs: 60_000,
      maxEntries: 10_000,
    },
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)()
  }

  /** Whether the scope is large, if it was counted within the ttl; undefined when it must be counted. */
  get(key: string): boolean | undefined {
    const cached = this.entries.get(key)
    return cached && cached.until > this.now() ? cached.large : undefined
  }

  /** Remembers a scope's count for the ttl. */
  remember(key: string, large: boolean): void {
    this.entries.delete(key)
    this.entries.set(key, { large, until: this.now() + this.options.ttlMs })
    // Oldest first in a Map: drop them once over the cap, so many distinct scopes cannot grow it.
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.options.maxEntries) break
      this.entries.delete(oldest)
    }
  }

  clear(): void {
    this.entries.clear()
  }
}

/** The process's scope-size decisions. */
export const largeScopes = new ScopeSizeCache()

/** Per database client: embedders seen with a valid index (an index, once made, stays), absent ones with when to look again. */
const seen = new WeakMap<object, { known: Set<string>; absentUntil: Map<string, number> }>()

function seenOn(prisma: object) {
  let entry = seen.get(prisma)
  if (!entry) seen.set(prisma, (entry = { known: new Set(), absentUntil: new Map() }))
  return entry
}

/** How long an absent index is believed absent before the catalogue is asked again. */
const ABSENT_TTL_MS = 60_000

/** Which of these indexes exist and are valid (a build cut off leaves an invalid one). */
async function validIndexes(prisma: LessonDb | Db, names: string[]): Promise<Set<string>> {
  const rows = await prisma.$queryRawUnsafe<{ name: string }[]>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid
     WHERE c.relname = ANY($1::text[]) AND i.indisvalid`,
    names,
  )
  return new Set(rows.map((row) => row.name))
}

/**
 * Whether the embedder has a valid HNSW index: its own or, until that is built, its legacy one
 * (both index the same expression, so the recall query uses whichever is there). Cached: present
 * for good, absent for a minute, so a recall asks the catalogue at most once a minute.
 */
export async function hasVectorIndex(prisma: LessonDb | Db, embedderId: string): Promise<boolean> {
  const { known, absentUntil } = seenOn(prisma)
  if (known.has(embedderId)) return true
  if ((absentUntil.get(embedderId) ?? 0) > Date.now()) return false
  const valid = (await validIndexes(prisma, [vectorIndexName(embedderId), legacyVectorIndexName(embedderId)])).size > 0
  if (valid) known.add(embedderId)
  else absentUntil.set(embedderId, Date.now() + ABSENT_TTL_MS)
  return valid
}

/**
 * Creates the embedder's HNSW index when pgvector is there and the dimension is one HNSW takes (at
 * most 4,000), and then drops its legacy index if it had one. Off the request path: the background
 * lessons job calls it (`ensureRecallIndexes`). On a PostgreSQL server both are CONCURRENTLY (writes
 * and recalls go on meanwhile, through the legacy index while the new one is built). A build that
 * was cut off leaves an invalid index, which recall does not use and this does not replace (another
 * process may still be building it): it is logged, for an operator to drop.
 */
export async function ensureVectorIndex(prisma: Db, embedderId: string, dimensions: number): Promise<boolean> {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 4_000) return false
  const name = vectorIndexName(embedderId)
  const { absentUntil } = seenOn(prisma)
  absentUntil.delete(embedderId)
  const concurrently = directPool(prisma) ? 'CONCURRENTLY' : ''
  if (!(await validIndexes(prisma, [name])).has(name)) {
    const vector = await prisma.$queryRawUnsafe<unknown[]>("SELECT 1 FROM pg_extension WHERE extname = 'vector'")
    if (vector.length === 0) return false
    await prisma.$executeRawUnsafe(
      `CREATE INDEX ${concurrently} IF NOT EXISTS ${name} ON lessons
         USING hnsw ((embedding::halfvec(${dimensions})) halfvec_cosine_ops) WITH (ef_construction = ${HNSW_EF_CONSTRUCTION})
         WHERE embedder = ${sqlLiteral(embedderId)} AND embedding IS NOT NULL`,
    )
    if (!(await validIndexes(prisma, [name])).has(name)) {
      log.warn(
        `the recall index ${name} exists but is invalid (a build was cut off): drop it and the lessons job rebuilds it`,
      )
      return false
    }
  }
  await prisma.$executeRawUnsafe(`DROP INDEX ${concurrently} IF EXISTS ${legacyVectorIndexName(embedderId)}`)
  return true
}

const indexesCheckedAt = new WeakMap<object, number>()

/** How often the background job looks for embedders whose lessons have no index yet. */
const INDEX_CHECK_EVERY_MS = 10 * 60_000

/**
 * Makes sure every embedder with stored lessons of one dimension has its HNSW index, so a scope
 * that grows past INDEXED_RECALL_ABOVE is searched through it (without one, a 100k-lesson recall
 * scans them all). At most every ten minutes per client; the lessons job calls it.
 */
export async function ensureRecallIndexes(prisma: Db, now = Date.now()): Promise<string[]> {
  if (now - (indexesCheckedAt.get(prisma) ?? -Infinity) < INDEX_CHECK_EVERY_MS) return []
  indexesCheckedAt.set(prisma, now)
  if ((await embeddingStorage(prisma)) !== 'vector') return []
  const embedders = await prisma.$queryRawUnsafe<{ embedder: string; dimensions: number }[]>(
    `SELECT embedder, min(dimensions)::int AS dimensions FROM lessons WHERE embedding IS NOT NULL
     GROUP BY embedder HAVING min(dimensions) = max(dimensions)`,
  )
  const made: string[] = []
  for (const { embedder, dimensions } of embedders) {
    const name = vectorIndexName(embedder)
    if (!(await validIndexes(prisma, [name])).has(name) && (await ensureVectorIndex(prisma, embedder, dimensions)))
      made.push(name)
  }
  return made
}
