// The lessons job gives every embedder's stored vectors their HNSW index: nothing else made it, so a
// scope past INDEXED_RECALL_ABOVE (a user or a tenant's shared lessons in the tens of thousands)
// was scanned in full on every recall (2.7 s at 100k, bench/RESULTS.md). On PostgreSQL (built
// CONCURRENTLY) and on the embedded PGlite, through the real store and embedder.
import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { bothDatabases } from '../helpers'
import { defaultEmbedder } from '../../../lib/services/lessons/embedders'
import { PgLessonStore } from '../../../lib/services/lessons/pg-lesson-store'
import { recallSql } from '../../../lib/services/lessons/recall-query'
import {
  HNSW_EF_CONSTRUCTION,
  INDEXED_RECALL_ABOVE,
  ensureRecallIndexes,
  ensureVectorIndex,
  hasVectorIndex,
  largeScopes,
  legacyVectorIndexName,
  scopeKey,
  vectorIndexName,
} from '../../../lib/services/lessons/vector-index'
import { vectorLiteral } from '../../../lib/services/lessons/vector-support'

const databases = bothDatabases()

describe.each(databases)('recall indexes on %s', (_name, database) => {
  it('the lessons job builds a valid HNSW index for the embedder of the stored lessons', async () => {
    const prisma = await database()
    const tenantId = `c${crypto.randomBytes(12).toString('hex')}`
    await prisma.tenant.create({ data: { id: tenantId, name: 'Recall indexes', slug: tenantId } })
    const store = new PgLessonStore({ prisma, tenantId, embedder: defaultEmbedder() })
    await store.put({ content: 'Normalize dates to ISO 8601 before answering.', metadata: { user_id: 'ada' } })
    await ensureRecallIndexes(prisma)
    const rows = await prisma.$queryRawUnsafe<{ valid: boolean; definition: string }[]>(
      `SELECT i.indisvalid AS valid, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid WHERE c.relname = $1`,
      vectorIndexName(defaultEmbedder().id),
    )
    expect(rows).toHaveLength(1)
    expect(rows[0].valid).toBe(true)
    expect(rows[0].definition).toContain('USING hnsw')
    expect(rows[0].definition).toContain(`halfvec(${defaultEmbedder().dimensions})`)
    expect(rows[0].definition).toContain(`ef_construction='${HNSW_EF_CONSTRUCTION}'`)
    // Asked again within ten minutes, the job does not look again.
    expect(await ensureRecallIndexes(prisma)).toEqual([])
  })

  it('keeps recalling through an index built the old way until the job has replaced it, then drops it', async () => {
    const prisma = await database()
    // An embedder of its own (8 dimensions), so the indexes here are this test's alone.
    const embedderId = `legacy-${crypto.randomBytes(6).toString('hex')}`
    const tenantId = `c${crypto.randomBytes(12).toString('hex')}`
    await prisma.tenant.create({ data: { id: tenantId, name: 'Legacy index', slug: tenantId } })
    await prisma.$executeRawUnsafe(
      `INSERT INTO lessons (id, tenant_id, user_key, content, normalized, embedding, embedder, dimensions, updated_at)
       SELECT $1 || n, $1, 'ada', 'lesson ' || n, 'lesson ' || n, ARRAY[n, 1, 2, 3, 4, 5, 6, 7]::real[]::vector, $2, 8, now()
       FROM generate_series(1, 20) AS n`,
      tenantId,
      embedderId,
    )
    const indexNamed = async (name: string) =>
      (await prisma.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM pg_class WHERE relname = $1`, name)).length === 1
    // As the lessons job built it before: pgvector's default ef_construction, under the old name.
    await prisma.$executeRawUnsafe(
      `CREATE INDEX ${legacyVectorIndexName(embedderId)} ON lessons USING hnsw ((embedding::halfvec(8)) halfvec_cosine_ops)
       WHERE embedder = '${embedderId}' AND embedding IS NOT NULL`,
    )
    expect(await hasVectorIndex(prisma, embedderId)).toBe(true)
    expect(await ensureVectorIndex(prisma, embedderId, 8)).toBe(true)
    expect(await indexNamed(vectorIndexName(embedderId))).toBe(true)
    expect(await indexNamed(legacyVectorIndexName(embedderId))).toBe(false)
    expect(await hasVectorIndex(prisma, embedderId)).toBe(true)
    // Asked again, nothing to do.
    expect(await ensureVectorIndex(prisma, embedderId, 8)).toBe(true)
    await prisma.$executeRawUnsafe(`DROP INDEX ${vectorIndexName(embedderId)}`)
  })

  it('counts a scope it does not know inside the exact recall, and remembers it small', async () => {
    const prisma = await database()
    const embedder = defaultEmbedder()
    await ensureVectorIndex(prisma, embedder.id, embedder.dimensions)
    const tenantId = `c${crypto.randomBytes(12).toString('hex')}`
    await prisma.tenant.create({ data: { id: tenantId, name: 'Scope counts', slug: tenantId } })
    const store = new PgLessonStore({ prisma, tenantId, embedder })
    for (const content of [
      'Normalize dates to ISO 8601 (YYYY-MM-DD) before answering.',
      'When planning a walk for an elderly person, keep it short and flat.',
      'Round currency amounts only at the end of a calculation.',
    ])
      await store.put({ content, metadata: { user_id: 'ada' } })
    const [query] = await embedder.embed(['Plan an easy stroll for my grandfather.'])
    const request = { k: 5, userKeys: ['ada', '*'] }
    expect(largeScopes.get(scopeKey(tenantId, request.userKeys))).toBeUndefined()
    const counted = await store.candidates(query, request)
    expect(largeScopes.get(scopeKey(tenantId, request.userKeys))).toBe(false)
    const exact = await prisma.$queryRawUnsafe<{ id: string }[]>(
      recallSql('vector', request),
      tenantId,
      embedder.id,
      vectorLiteral('vector', query),
      20,
      request.userKeys,
    )
    expect(counted.map((lesson) => lesson.id)).toEqual(exact.map((row) => row.id))
    expect(counted[0].content).toContain('walk')
    // Known small now: the plain exact recall gives the same.
    expect((await store.candidates(query, request)).map((lesson) => lesson.id)).toEqual(counted.map((l) => l.id))
    // An empty scope is counted too, and recalls nothing.
    expect(await store.candidates(query, { k: 5, userKeys: ['nobody'] })).toEqual([])
    expect(largeScopes.get(scopeKey(tenantId, ['nobody']))).toBe(false)
  })
})

describe('a scope past INDEXED_RECALL_ABOVE on PostgreSQL', () => {
  it('is counted, remembered large, and recalled through the index', async () => {
    const prisma = await databases[0][1]()
    const embedder = defaultEmbedder()
    await ensureVectorIndex(prisma, embedder.id, embedder.dimensions)
    const tenantId = `c${crypto.randomBytes(12).toString('hex')}`
    await prisma.tenant.create({ data: { id: tenantId, name: 'A large scope', slug: tenantId } })
    const store = new PgLessonStore({ prisma, tenantId, embedder })
    await store.put({
      content: 'When planning a walk for an elderly person, keep it short and flat.',
      metadata: { user_id: 'ada' },
    })
    // The scope counts every active lesson of its users, whatever embedded them: lessons of another
    // model (a tenant half-way through re-embedding) make it large without a slow index insert each.
    await prisma.$executeRawUnsafe(
      `INSERT INTO lessons (id, tenant_id, user_key, content, normalized, embedder, dimensions, updated_at)
       SELECT $1 || n, $1, 'ada', 'filler ' || n, 'filler ' || n, 'another-model', 8, now()
       FROM generate_series(1, $2::int) AS n`,
      tenantId,
      INDEXED_RECALL_ABOVE,
    )
    const [query] = await embedder.embed(['Plan an easy stroll for my grandfather.'])
    const request = { k: 5, userKeys: ['ada', '*'] }
    const found = await store.candidates(query, request)
    expect(largeScopes.get(scopeKey(tenantId, request.userKeys))).toBe(true)
    expect(found.map((lesson) => lesson.content)).toEqual([
      'When planning a walk for an elderly person, keep it short and flat.',
    ])
  })
})
