import 'server-only'
import crypto from 'node:crypto'
import { metrics } from '../../adapters/observability/metrics'
import { PREPARED, SESSION_SETTINGS, directPool, preparedStatementName, type Db } from '../../adapters/db/client'
import type { Embedder } from '../../core/reflexion/embedder'
import { normaliseLesson } from '../../core/reflexion/lesson-text'
import {
  matchesFilter,
  type Chunk,
  type MetadataFilter,
  type ScoredChunk,
  type StoredLesson,
  type VectorStore,
} from '../../core/reflexion/vector-store'
import { recordLessonRecalls } from './recall-stats'
import { candidateLimit, countedRecallSql, recallSql, type RecallFilter } from './recall-query'
import {
  DEFAULT_RECALL_FLOOR,
  floorFor,
  mergeViews,
  rankLessons,
  taskViews,
  type RankedLesson,
  type RecallCandidate,
} from './recall-ranking'
import { embeddingStorage, vectorBinary, vectorLiteral, type EmbeddingStorage } from './vector-support'
import { INDEXED_RECALL_ABOVE, hasVectorIndex, largeScopes, scopeKey, sqlLiteral } from './vector-index'
import { defaultEmbedder } from './embedders'
import { keywords, lexicalSimilarity, sharedKeywords, sharedTerms } from '../../core/reflexion/text-features'

/** The client or an interactive transaction (approving a proposal adds its shared lesson inside one). */
export type LessonDb = Db | Parameters<Extract<Parameters<Db['$transaction']>[0], (...args: never[]) => unknown>>[0]

type CandidateRow = {
  id: string
  content: string
  normalized: string
  user_key: string
  source_run_id: string | null
  source_attempt: number | null
  source_score: number | null
  task_key: string | null
  tags: string[]
  similarity: number
  shared_copy_id: string | null
}

/** What a run is about: lessons with its task key, or sharing one of its tags, get a small boost. */
export type RecallScope = {
  taskKey?: string | null
  tags?: readonly string[]
  /** An experiment arm: recall only these lessons plus the ones this run wrote itself (null = no narrowing). */
  allowedLessonIds?: readonly string[] | null
}

/** Where a store reports that its embedder failed and it fell back (shown to admins). */
export type EmbedderFailureSink = (error: unknown, during: 'query' | 'write') => Promise<void>

/** How many of the newest candidate lessons the word-overlap fallback ranks when the embedder fails. */
export const FALLBACK_CANDIDATES = 2_000

/** How many more nearest candidates a task compared by words gets re-scored (measured on tests/fixtures/recall). */
export const WORD_CANDIDATES_FACTOR = 5

/** One recall: the text, how many lessons, and which lessons it may see (see RecallFilter). */
export type RecallRequest = { text: string; k: number } & RecallFilter

/** The filter keys other than user_id (which the query applies itself); checked on the hits. */
function otherFilters(filter: MetadataFilter | undefined): MetadataFilter | undefined {
  const rest = Object.entries(filter ?? {}).filter(([key]) => key !== 'user_id')
  return rest.length === 0 ? undefined : Object.fromEntries(rest)
}

const asNumber = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null)

/** A candidate row as ranking takes it. */
function toCandidate(row: CandidateRow): RecallCandidate {
  return {
    id: row.id,
    content: row.content,
    normalized: row.normalized,
    userKey: row.user_key,
    taskKey: row.task_key,
    tags: row.tags,
    similarity: Number(row.similarity),
    sharedCopyId: row.shared_copy_id,
    source: { runId: row.source_run_id, attempt: row.source_attempt, score: row.source_score },
  }
}

/**
 * The engine's VectorStore on PostgreSQL, scoped to one tenant. Recall asks the database for the
 * nearest candidates (tenant, user keys, status, expiry and embedder filtered inside the query), then
 * ranks them (recall-ranking): a relevance floor, task-key and tag boosts, duplicates collapsed.
 * Writing dedupes a lesson against everything its user may recall (their own lessons and the shared
 * ones, by normalised text) and strengthens the existing lesson instead of storing it twice.
 */
export class PgLessonStore implements VectorStore {
  readonly prisma: LessonDb
  readonly tenantId: string
  readonly embedder: Embedder
  readonly runId?: string
  readonly scope: { taskKey: string | null; tags: string[] }
  /** Null: any lesson the user keys allow. A list: only these lessons and this run's own (an experiment arm). */
  readonly allowedLessonIds: string[] | null
  readonly floor: number
  /** When set, an embedder failure falls back (recall by word overlap; a lesson stored with the offline vector) and is reported here. */
  readonly onEmbedderFailure?: EmbedderFailureSink

  constructor(options: {
    prisma: LessonDb
    tenantId: string
    embedder: Embedder
    runId?: string
    scope?: RecallScope
    floor?: number
    onEmbedderFailure?: EmbedderFailureSink
  }) {
    this.onEmbedderFailure = options.onEmbedderFailure
    this.prisma = options.prisma
    this.tenantId = options.tenantId
    this.embedder = options.embedder
    this.runId = options.runId
    this.scope = { taskKey: options.scope?.taskKey || null, tags: [...(options.scope?.tags ?? [])] }
    this.allowedLessonIds = options.scope?.allowedLessonIds ? [...options.scope.allowedLessonIds] : null
    this.floor = options.floor ?? DEFAULT_RECALL_FLOOR
  }

  async add(chunks: Chunk[]): Promise<string[]> {
    const ids: string[] = []
    for (const chunk of chunks) ids.push((await this.put(chunk)).id)
    return ids
  }

  /** Stores one lesson, or strengthens the one its user may already recall (`duplicate: true`). */
  async put(chunk: Chunk): Promise<StoredLesson> {
    const userKey = chunk.metadata.user_id
    if (typeof userKey !== 'string')
      throw new Error('PgLessonStore.add: every lesson needs metadata.user_id (a user id, "" or "*")')
    const normalized = normaliseLesson(chunk.content)
    const existing = await this.strengthen(userKey, normalized)
    if (existing) return { id: existing, duplicate: true }
    const storage = await embeddingStorage(this.prisma)
    const { embedder, vector } = await this.embedForWrite(chunk.content)
    const runId = typeof chunk.metadata.run_id === 'string' ? chunk.metadata.run_id : (this.runId ?? null)
    const tags = Array.isArray(chunk.metadata.tags) ? chunk.metadata.tags.map(String) : this.scope.tags
    const taskKey = typeof chunk.metadata.task_key === 'string' ? chunk.metadata.task_key : this.scope.taskKey
    const rows = await this.prisma.$queryRawUnsafe<{ id: string }[]>(
      `INSERT INTO lessons (id, tenant_id, user_key, content, normalized, embedding, embedder, dimensions, source_run_id, source_attempt, source_score, tags, task_key, created_by_id, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6::${storage === 'vector' ? 'vector' : 'real[]'}, $7, $8, $9, $10, $11, $12::text[], $13, $14, now() AT TIME ZONE 'UTC')
       ON CONFLICT (tenant_id, user_key, normalized) DO NOTHING RETURNING id`,
      crypto.randomUUID(),
      this.tenantId,
      userKey,
      chunk.content,
      normalized,
      vectorLiteral(storage, vector),
      embedder.id,
      vector.length,
      runId,
      asNumber(chunk.metadata.attempt),
      asNumber(chunk.metadata.score),
      tags,
      taskKey,
      typeof chunk.metadata.created_by === 'string' ? chunk.metadata.created_by : null,
    )
    if (rows[0]) return { id: rows[0].id, duplicate: false }
    // A concurrent writer stored the same lesson between the check and the insert, or the user's own
    // copy is retired or expired: learned again, it is recalled again.
    const revived = await this.prisma.$queryRawUnsafe<{ id: string }[]>(
      `UPDATE lessons SET status = 'active', times_learned = times_learned + 1,
              expires_at = CASE WHEN expires_at <= now() AT TIME ZONE 'UTC' THEN NULL ELSE expires_at END,
              updated_at = now() AT TIME ZONE 'UTC'
       WHERE tenant_id = $1 AND user_key = $2 AND normalized = $3 RETURNING id`,
      this.tenantId,
      userKey,
      normalized,
    )
    return { id: revived[0]?.id ?? '', duplicate: true }
  }

  /** Recall statistics: the lessons put in front of one attempt of this store's run (nothing without a run). */
  async recordRecall(ids: string[], context: { attempt: number }): Promise<void> {
    // An experiment arm's recalls (its store has an allow-list) are not observations: they stay in its runs' logs.
    if (this.runId === undefined || this.allowedLessonIds !== null) return
    await recordLessonRecalls(this.prisma, {
      tenantId: this.tenantId,
      runId: this.runId,
      attempt: context.attempt,
      lessonIds: ids,
    })
  }

  /** A lesson text's vector and its embedder; when the embedder fails and failures are handled, the offline one (re-embedded later). */
  async embedForWrite(content: string): Promise<{ embedder: Embedder; vector: number[] }> {
    try {
      return { embedder: this.embedder, vector: (await this.embedder.embed([content]))[0] }
    } catch (error) {
      if (!this.onEmbedderFailure || this.embedder.id === defaultEmbedder().id) throw error
      await this.onEmbedderFailure(error, 'write')
      const fallback = defaultEmbedder()
      return { embedder: fallback, vector: (await fallback.embed([content]))[0] }
    }
  }

  /**
   * Strengthens the lesson with this text that the user may recall (their own first); its id, if any.
   * Only an active, unexpired lesson counts: a retired shared lesson with the same text stood in for
   * the run's reflection, so the lesson was "already known", never stored and never recalled.
   * An experiment arm's store strengthens only the run's own lessons, so a shared lesson the arm does not
   * allow never stands in for the run's reflection.
   */
  private async strengthen(userKey: string, normalized: string): Promise<string | null> {
    const rows = await this.prisma.$queryRawUnsafe<{ id: string }[]>(
      `UPDATE lessons SET times_learned = times_learned + 1, updated_at = now() AT TIME ZONE 'UTC'
       WHERE id = (SELECT id FROM lessons WHERE tenant_id = $1 AND normalized = $2 AND user_key = ANY($3::text[])
                     AND status = 'active' AND (expires_at IS NULL OR expires_at > now() AT TIME ZONE 'UTC')
                   ORDER BY (user_key = '*'), id LIMIT 1)
       RETURNING id`,
      this.tenantId,
      normalized,
      userKey === '*' || this.allowedLessonIds !== null ? [userKey] : [userKey, '*'],
    )
    return rows[0]?.id ?? null
  }

  /** The k most relevant lessons for a text, ranked (floor, boosts, duplicates collapsed), with why. */
  async recall(request: RecallRequest): Promise<RankedLesson[]> {
    const started = performance.now()
    try {
      return await this.recallRanked(request)
    } finally {
      metrics().recallSeconds.observe((performance.now() - started) / 1000)
    }
  }

  /** Recall by the task and, for a task of several sentences, by each sentence too (`taskViews`). */
  private async recallRanked(request: RecallRequest): Promise<RankedLesson[]> {
    const views = taskViews(request.text)
    let vectors: number[][]
    try {
      vectors = await this.embedder.embed(views)
    } catch (error) {
      if (!this.onEmbedderFailure) throw error
      await this.onEmbedderFailure(error, 'query')
      return this.recallByWords(request)
    }
    const ranked: RankedLesson[][] = []
    // One after the other: inside a transaction the client runs one query at a time.
    for (const [position, text] of views.entries())
      ranked.push(await this.recallView({ ...request, text }, vectors[position]))
    return mergeViews(ranked, request.k)
  }

  /** Recall for one view of the task, by its vector. */
  private async recallView(request: RecallRequest, vector: number[]): Promise<RankedLesson[]> {
    const share = this.embedder.semanticShare?.(request.text) ?? 1
    // Compared mostly by words (CJK, other languages): hashed features collide, so the candidates
    // (more of them: collisions reorder the nearest) are re-scored by their exact word overlap, and a
    // lesson must really share a word, a word stem or a CJK bigram with the task.
    const byWords = share < 0.5
    const candidates = await this.candidates(vector, {
      ...request,
      ...(byWords && { limit: candidateLimit(request.k) * WORD_CANDIDATES_FACTOR }),
    })
    const exact = this.embedder.exactSimilarity?.bind(this.embedder)
    const scored = byWords
      ? candidates.map((candidate) => ({
          ...candidate,
          similarity: exact ? exact(request.text, candidate.content, candidate.similarity) : candidate.similarity,
          sharedTerms: sharedTerms(request.text, candidate.content),
        }))
      : candidates
    const floor = floorFor(this.floor, share)
    return rankLessons(this.withKeywords(request.text, scored, floor), {
      k: request.k,
      floor,
      ...(byWords && { minSharedTerms: 1 }),
      ...this.scope,
    })
  }

  /**
   * Hybrid retrieval's keyword channel: how many keywords each candidate above the floor shares with
   * the task, compared on the embedder's keyword text (an English gloss for other languages). Ranking
   * fuses it with the similarity (bench/RESULTS.md: +4 tasks on the dev sets, +3 held out).
   */
  private withKeywords(task: string, candidates: RecallCandidate[], floor: number): RecallCandidate[] {
    const keywordText = (text: string) => this.embedder.keywordText?.(text) ?? text
    const wanted = keywords(keywordText(task))
    return candidates.map((candidate) =>
      candidate.similarity >= floor
        ? { ...candidate, sharedKeywords: sharedKeywords(wanted, keywordText(candidate.content)) }
        : candidate,
    )
  }

  /**
   * The fallback when the embedder fails at query time: the newest candidates of the filter (any
   * embedder), ranked by their exact word and character overlap under the lexical floor.
   */
  async recallByWords(request: RecallRequest): Promise<RankedLesson[]> {
    const rows = await this.prisma.$queryRawUnsafe<Omit<CandidateRow, 'similarity' | 'shared_copy_id'>[]>(
      `SELECT id, content, normalized, user_key, source_run_id, source_attempt, source_score, task_key, tags FROM lessons
       WHERE tenant_id = $1 AND status = 'active' AND (expires_at IS NULL OR expires_at > now() AT TIME ZONE 'UTC')
         ${request.userKeys === null ? '' : 'AND user_key = ANY($3::text[])'}
       ORDER BY updated_at DESC, id LIMIT $2`,
      this.tenantId,
      FALLBACK_CANDIDATES,
      ...(request.userKeys === null ? [] : [request.userKeys]),
    )
    const candidates = rows
      .filter((row) => !request.lessonIds || request.lessonIds.includes(row.id))
      .map((row) =>
        toCandidate({ ...row, similarity: lexicalSimilarity(request.text, row.content), shared_copy_id: null }),
      )
    const withTerms = candidates.map((candidate) => ({
      ...candidate,
      sharedTerms: sharedTerms(request.text, candidate.content),
    }))
    return rankLessons(withTerms, { k: request.k, floor: floorFor(this.floor, 0), minSharedTerms: 1, ...this.scope })
  }

  /**
   * The nearest candidates of the filter for a query vector, nearest first, unranked. A scope with
   * more lessons than an exact scan handles fast goes through the embedder's HNSW index (when it has
   * one); whether it has is remembered per scope (`largeScopes`), and a scope not known is counted
   * by the exact recall itself, in the same round trip.
   */
  async candidates(
    vector: number[],
    request: Omit<RecallRequest, 'text'> & { limit?: number },
  ): Promise<RecallCandidate[]> {
    const storage = await embeddingStorage(this.prisma)
    const indexed = storage === 'vector' && (await hasVectorIndex(this.prisma, this.embedder.id))
    const index = { embedderId: this.embedder.id, dimensions: vector.length }
    const key = scopeKey(this.tenantId, request.userKeys)
    const large = indexed ? largeScopes.get(key) : false
    if (large !== undefined)
      return (await this.nearest(storage, vector, request, large ? index : undefined)).map(toCandidate)
    const counted = await this.nearest(storage, vector, request, undefined, INDEXED_RECALL_ABOVE)
    const size = counted[0]?.scope_size ?? 0
    largeScopes.remember(key, size > INDEXED_RECALL_ABOVE)
    if (size > INDEXED_RECALL_ABOVE) return (await this.nearest(storage, vector, request, index)).map(toCandidate)
    return counted.filter((row) => row.id !== null).map(toCandidate)
  }

  /**
   * One recall query: exact, through the index, or exact counting its scope up to `countAbove + 1`
   * first (`countedRecallSql`: a larger scope returns one row with its count alone).
   */
  private async nearest(
    storage: EmbeddingStorage,
    vector: number[],
    request: Omit<RecallRequest, 'text'> & { limit?: number },
    index?: { embedderId: string; dimensions: number },
    countAbove?: number,
  ): Promise<(CandidateRow & { scope_size?: number })[]> {
    const pool = directPool(this.prisma)
    const parameters = [
      this.tenantId,
      this.embedder.id,
      pool && storage === 'vector' ? vectorBinary(vector) : vectorLiteral(storage, vector),
      request.limit ?? candidateLimit(request.k),
      ...(request.userKeys === null ? [] : [request.userKeys]),
      ...(request.lessonIds ? [request.lessonIds] : []),
    ]
    // The exact scans are prepared (parsing and planning cost as much as the scan). The indexed one
    // is not: after five runs PostgreSQL may cache a generic plan, and its generic plan scans the
    // whole table instead of the HNSW index (2.7 s, not 5 ms: bench/RESULTS.md).
    const sql = index
      ? recallSql(storage, request, index)
      : PREPARED +
        (countAbove === undefined ? recallSql(storage, request) : countedRecallSql(storage, request, countAbove))
    type Row = CandidateRow & { scope_size?: number }
    if (pool) return (await pool.query<Row>({ name: preparedStatementName(sql), text: sql, values: parameters })).rows
    return index
      ? this.inIterativeScan((client) => client.$queryRawUnsafe<Row[]>(sql, ...parameters))
      : this.prisma.$queryRawUnsafe<Row[]>(sql, ...parameters)
  }

  /**
   * Runs an indexed recall with pgvector's iterative scan (0.8): the index keeps returning neighbours
   * until enough pass the tenant and user filter, instead of the first ef_search of the whole table.
   * The app's PostgreSQL connections start with these settings (SESSION_SETTINGS) and are queried
   * directly; a transaction or the embedded database sets them for the query.
   */
  private async inIterativeScan<T>(query: (client: LessonDb) => Promise<T>): Promise<T> {
    const settings = `SELECT ${Object.entries(SESSION_SETTINGS)
      .map(([name, value]) => `set_config(${sqlLiteral(name)}, ${sqlLiteral(value)}, true)`)
      .join(', ')}`
    const run = async (client: LessonDb) => {
      await client.$queryRawUnsafe(settings)
      return query(client)
    }
    // Inside a caller's transaction the settings are local to it already; otherwise open one.
    return '$transaction' in this.prisma ? (this.prisma as Db).$transaction((tx) => run(tx)) : run(this.prisma)
  }

  /** An arm's allowed lessons plus the lessons this run wrote itself (its own reflections), or null without an arm. */
  private async allowedIds(): Promise<string[] | null> {
    if (this.allowedLessonIds === null) return null
    if (!this.runId) return this.allowedLessonIds
    const own = await this.prisma.lesson.findMany({
      where: { tenantId: this.tenantId, sourceRunId: this.runId },
      select: { id: true },
    })
    return [...new Set([...this.allowedLessonIds, ...own.map((lesson) => lesson.id)])]
  }

  async search(query: string, options: { k?: number; filter?: MetadataFilter } = {}): Promise<ScoredChunk[]> {
    const userFilter = options.filter?.user_id
    const userKeys =
      userFilter === undefined ? null : (Array.isArray(userFilter) ? userFilter : [userFilter]).map(String)
    const lessonIds = await this.allowedIds()
    const lessons = await this.recall({ text: query, k: options.k ?? 5, userKeys, ...(lessonIds && { lessonIds }) })
    return lessons
      .map((lesson) => ({
        id: lesson.id,
        content: lesson.content,
        score: lesson.similarity,
        metadata: {
          user_id: lesson.userKey,
          run_id: lesson.source?.runId ?? null,
          attempt: lesson.source?.attempt ?? null,
          score: lesson.source?.score ?? null,
          task_key: lesson.taskKey,
          tags: lesson.tags,
          reason: lesson.reason,
        },
      }))
      .filter((hit) => matchesFilter(hit.metadata, otherFilters(options.filter)))
  }
}
