// On a PostgreSQL without pgvector the migrations store embeddings as real[] and recall computes the
// cosine in SQL: still exact, still filtered by tenant and user inside the query, with one warning
// that says why it is slow. An in-memory PGlite started without the vector extension is such a server.
import { PGlite } from '@electric-sql/pglite'
import { PrismaPGlite } from 'pglite-prisma-adapter'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { PrismaClient } from '../../../lib/generated/prisma/client'
import { applyMigrations } from '../../../lib/adapters/db/schema-engine'
import { PgLessonStore } from '../../../lib/services/lessons/pg-lesson-store'
import { embeddingStorage } from '../../../lib/services/lessons/vector-support'
import { HashEmbedder } from '../../../lib/core/reflexion/hash-embedder'
import { lexicalSimilarity } from '../../../lib/core/reflexion/text-features'
import { SHARED_LESSON } from '../../../lib/core/reflexion/lesson-modes'

let pg: PGlite
let prisma: PrismaClient
// This process's logger, replaced before the modules under test take it: what they log lands here.
const logLines = await vi.hoisted(async () => {
  const [{ createLogger }, { Writable }] = await Promise.all([
    import('../../../lib/adapters/log/logger'),
    import('node:stream'),
  ])
  const lines: string[] = []
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean))
      done()
    },
  })
  Object.assign(globalThis, { [Symbol.for('reflexion-studio.logger')]: createLogger({ level: 'info', destination }) })
  return lines
})
const embedder = new HashEmbedder()

const LESSONS = [
  { user: 'ada', content: 'When the user asks for a relaxed walking tour, plan at most 3 stops.' },
  { user: 'ada', content: 'Quote prices in the currency the user asked for.' },
  { user: 'ada', content: 'Name the walking time between stops on a walking tour.' },
  { user: SHARED_LESSON, content: 'A relaxed tour keeps each walk under 30 minutes.' },
  { user: 'grace', content: 'When the user asks for a relaxed walking tour, plan at most 3 stops, says grace.' },
]

const cosine = (a: number[], b: number[]) => {
  let dot = 0
  let left = 0
  let right = 0
  for (const [position, value] of a.entries()) {
    dot += value * b[position]
    left += value * value
    right += b[position] * b[position]
  }
  return dot / Math.sqrt(left * right)
}

beforeAll(async () => {
  pg = await PGlite.create() // no extensions: pgvector is not available on this server
  await applyMigrations(new PrismaPGlite(pg))
  prisma = new PrismaClient({ adapter: new PrismaPGlite(pg) })
  for (const tenant of ['t1', 't2']) await prisma.tenant.create({ data: { id: tenant, name: tenant, slug: tenant } })
  for (const tenant of ['t1', 't2']) {
    const store = new PgLessonStore({ prisma, tenantId: tenant, embedder })
    await store.add(
      LESSONS.map((lesson) => ({
        content: `${lesson.content}${tenant === 't2' ? ' (t2)' : ''}`,
        metadata: { user_id: lesson.user },
      })),
    )
  }
}, 60_000)

afterAll(async () => {
  await prisma?.$disconnect()
  await pg?.close()
})

describe('lesson recall without pgvector', () => {
  it('the migration stored embeddings as real[] and the store says why recall is slow, once', async () => {
    const columns = await pg.query<{ type: string }>(
      `SELECT format_type(atttypid, atttypmod) AS type FROM pg_attribute WHERE attrelid = 'lessons'::regclass AND attname = 'embedding'`,
    )
    expect(columns.rows[0].type).toBe('real[]')
    const fresh = new PrismaClient({ adapter: new PrismaPGlite(pg) })
    expect(await embeddingStorage(fresh)).toBe('array')
    // Both tenants' stores and this client detected the storage; the warning was printed once.
    const warnings = logLines.filter((line) => /pgvector is not installed/.test(line))
    expect(warnings).toHaveLength(1)
    expect(JSON.parse(warnings[0])).toMatchObject({ level: 'warn', msg: expect.stringMatching(/exact but slow/) })
  })

  it('returns the exact top-k of the caller and shared lessons, nearest first, and nothing of others', async () => {
    const query = 'Plan a relaxed walking tour of Kyoto'
    const hits = await new PgLessonStore({ prisma, tenantId: 't1', embedder }).search(query, {
      k: 3,
      filter: { user_id: ['ada', SHARED_LESSON] },
    })
    const [queryVector] = await embedder.embed([query])
    const candidates = LESSONS.filter((lesson) => lesson.user !== 'grace')
    const vectors = await embedder.embed(candidates.map((lesson) => lesson.content))
    // The SQL cosine over real[] is exact: the candidates' similarities are the vectors' cosines.
    const nearest = await new PgLessonStore({ prisma, tenantId: 't1', embedder }).candidates(queryVector, {
      k: 3,
      userKeys: ['ada', SHARED_LESSON],
    })
    const byContent = new Map(candidates.map((lesson, position) => [lesson.content, vectors[position]]))
    expect(nearest.length).toBe(candidates.length)
    for (const candidate of nearest)
      expect(candidate.similarity).toBeCloseTo(cosine(queryVector, byContent.get(candidate.content)!), 4)
    const expected = candidates
      // A task compared by words alone is re-scored by its exact word overlap (the hashed cosine collides).
      .map((lesson) => ({ content: lesson.content, similarity: lexicalSimilarity(query, lesson.content) }))
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, 3)
    expect(hits.map((hit) => hit.content)).toEqual(expected.map((hit) => hit.content))
    for (const [position, hit] of hits.entries()) expect(hit.score).toBeCloseTo(expected[position].similarity, 4)
    expect(hits.every((hit) => hit.metadata.user_id === 'ada' || hit.metadata.user_id === SHARED_LESSON)).toBe(true)
    expect(hits.some((hit) => String(hit.content).endsWith('(t2)'))).toBe(false)
  })
})
