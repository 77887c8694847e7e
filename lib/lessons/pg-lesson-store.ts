import 'server-only'
import crypto from 'node:crypto'
import type { Db } from '../db/client'
import type { Embedder } from '../reflexion/embedder'
import { normaliseLesson } from '../reflexion/lesson-text'
import {
  matchesFilter,
  type Chunk,
  type MetadataFilter,
  type ScoredChunk,
  type VectorStore,
} from '../reflexion/vector-store'
import { recordLessonRecalls } from './recall-stats'
import { embeddingStorage, similaritySql, vectorLiteral, type EmbeddingStorage } from './vector-support'

/** The client or an interactive transaction (approving a proposal adds its shared lesson inside one). */
export type LessonDb = Db | Parameters<Extract<Parameters<Db['$transaction']>[0], (...args: never[]) => unknown>>[0]

type LessonHit = {
  id: string
  content: string
  user_key: string
  source_run_id: string | null
  source_attempt: number | null
  source_score: number | null
  task_key: string | null
  tags: string[]
  matched: boolean
  similarity: number
}

/** What a run is about: lessons with its task key, or sharing one of its tags, are recalled first. */
export type RecallScope = { taskKey?: string | null; tags?: readonly string[] }

/**
 * The recall query: exact nearest-first over the candidates of one tenant (and user keys), the
 * distance computed once per candidate; the user-key condition is only written when there is one,
 * so the planner always sees the btree prefix. With a scope, lessons whose task key equals the
 * run's or whose tags intersect its tags come first (nearest first among them), then the rest.
 * Parameters: tenant, embedder, vector, k, [user keys], [task key, tags].
 */
export function recallSql(storage: EmbeddingStorage, byUser: boolean, scoped = false): string {
  const distance = storage === 'vector' ? 'embedding <=> $3::vector' : similaritySql(storage, '$3')
  const taskKey = `$${byUser ? 6 : 5}`
  const tags = `$${byUser ? 7 : 6}`
  const matched = scoped
    ? `((task_key IS NOT NULL AND task_key = ${taskKey}::text) OR tags && ${tags}::text[])`
    : 'false'
  return `SELECT id, content, user_key, source_run_id, source_attempt, source_score, task_key, tags, matched, ${storage === 'vector' ? '1 - distance' : 'distance'} AS similarity
    FROM (
      SELECT id, content, user_key, source_run_id, source_attempt, source_score, task_key, tags, ${matched} AS matched, ${distance} AS distance
      FROM lessons
      WHERE tenant_id = $1 AND status = 'active' ${byUser ? 'AND user_key = ANY($5::text[])' : ''}
        AND (expires_at IS NULL OR expires_at > now() AT TIME ZONE 'UTC') AND embedder = $2 AND embedding IS NOT NULL
      ORDER BY matched DESC, distance ${storage === 'vector' ? 'ASC' : 'DESC'}, id
      LIMIT $4
    ) nearest
    ORDER BY matched DESC, distance ${storage === 'vector' ? 'ASC' : 'DESC'}, id`
}

/** The filter keys other than user_id (which the query applies itself); checked on the hits. */
function otherFilters(filter: MetadataFilter | undefined): MetadataFilter | undefined {
  const rest = Object.entries(filter ?? {}).filter(([key]) => key !== 'user_id')
  return rest.length === 0 ? undefined : Object.fromEntries(rest)
}

const asNumber = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null)

/**
 * The engine's VectorStore on PostgreSQL, scoped to one tenant. Recall is an exact nearest-first
 * scan of the candidates picked by the btree on (tenant_id, user_key, status) — tenant, user keys,
 * status, expiry and embedder are filtered INSIDE the query, so top-k is exact however many rows
 * other users hold; a run's `scope` (task key, tags) puts exact matches first. `add` dedupes on
 * (tenant, user, normalized text), records provenance, and gives new lessons the run's task key and tags.
 */
export class PgLessonStore implements VectorStore {
  readonly prisma: LessonDb
  readonly tenantId: string
  readonly embedder: Embedder
  readonly runId?: string
  readonly scope: { taskKey: string | null; tags: string[] }

  constructor(options: {
    prisma: LessonDb
    tenantId: string
    embedder: Embedder
    runId?: string
    scope?: RecallScope
  }) {
    this.prisma = options.prisma
    this.tenantId = options.tenantId
    this.embedder = options.embedder
    this.runId = options.runId
    this.scope = { taskKey: options.scope?.taskKey || null, tags: [...(options.scope?.tags ?? [])] }
  }

  private get scoped(): boolean {
    return this.scope.taskKey !== null || this.scope.tags.length > 0
  }

  async add(chunks: Chunk[]): Promise<string[]> {
    if (chunks.length === 0) return []
    const storage = await embeddingStorage(this.prisma)
    const vectors = await this.embedder.embed(chunks.map((chunk) => chunk.content))
    const ids: string[] = []
    for (const [position, chunk] of chunks.entries()) {
      const userKey = chunk.metadata.user_id
      if (typeof userKey !== 'string')
        throw new Error('PgLessonStore.add: every lesson needs metadata.user_id (a user id, "" or "*")')
      const normalized = normaliseLesson(chunk.content)
      const runId = typeof chunk.metadata.run_id === 'string' ? chunk.metadata.run_id : (this.runId ?? null)
      const tags = Array.isArray(chunk.metadata.tags) ? chunk.metadata.tags.map(String) : this.scope.tags
      const taskKey = typeof chunk.metadata.task_key === 'string' ? chunk.metadata.task_key : this.scope.taskKey
      const rows = await this.prisma.$queryRawUnsafe<{ id: string }[]>(
        `WITH inserted AS (
           INSERT INTO lessons (id, tenant_id, user_key, content, normalized, embedding, embedder, source_run_id, source_attempt, source_score, tags, task_key, created_by_id, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6::${storage === 'vector' ? 'vector' : 'real[]'}, $7, $8, $9, $10, $11::text[], $12, $13, now() AT TIME ZONE 'UTC')
           ON CONFLICT (tenant_id, user_key, normalized) DO NOTHING RETURNING id)
         SELECT id FROM inserted UNION ALL
         SELECT id FROM lessons WHERE tenant_id = $2 AND user_key = $3 AND normalized = $5`,
        crypto.randomUUID(),
        this.tenantId,
        userKey,
        chunk.content,
        normalized,
        vectorLiteral(storage, vectors[position]),
        this.embedder.id,
        runId,
        asNumber(chunk.metadata.attempt),
        asNumber(chunk.metadata.score),
        tags,
        taskKey,
        typeof chunk.metadata.created_by === 'string' ? chunk.metadata.created_by : null,
      )
      ids.push(rows[0]?.id ?? (await this.existingId(userKey, normalized)))
    }
    return ids
  }

  private async existingId(userKey: string, normalized: string): Promise<string> {
    const row = await this.prisma.lesson.findUniqueOrThrow({
      where: { tenantId_userKey_normalized: { tenantId: this.tenantId, userKey, normalized } },
      select: { id: true },
    })
    return row.id
  }

  /** Recall statistics: the lessons put in front of one attempt of this store's run (nothing without a run). */
  async recordRecall(ids: string[], context: { attempt: number }): Promise<void> {
    if (this.runId === undefined) return
    await recordLessonRecalls(this.prisma, {
      tenantId: this.tenantId,
      runId: this.runId,
      attempt: context.attempt,
      lessonIds: ids,
    })
  }

  async search(query: string, options: { k?: number; filter?: MetadataFilter } = {}): Promise<ScoredChunk[]> {
    const storage = await embeddingStorage(this.prisma)
    const [vector] = await this.embedder.embed([query])
    const userFilter = options.filter?.user_id
    const userKeys =
      userFilter === undefined ? null : (Array.isArray(userFilter) ? userFilter : [userFilter]).map(String)
    const scope = this.scoped ? [this.scope.taskKey, this.scope.tags] : []
    const rows = await this.prisma.$queryRawUnsafe<LessonHit[]>(
      recallSql(storage, userKeys !== null, this.scoped),
      ...[
        this.tenantId,
        this.embedder.id,
        vectorLiteral(storage, vector),
        options.k ?? 5,
        ...(userKeys === null ? [] : [userKeys]),
        ...scope,
      ],
    )
    return rows
      .map((row) => ({
        id: row.id,
        content: row.content,
        score: Number(row.similarity),
        metadata: {
          user_id: row.user_key,
          run_id: row.source_run_id,
          attempt: row.source_attempt,
          score: row.source_score,
          task_key: row.task_key,
          tags: row.tags,
          matched: row.matched,
        },
      }))
      .filter((hit) => matchesFilter(hit.metadata, otherFilters(options.filter)))
  }
}
