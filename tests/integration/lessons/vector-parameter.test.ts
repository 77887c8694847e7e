// Recall sends its query vector to PostgreSQL in pgvector's binary format (a 6 KB Buffer) instead of
// ~31 KB of text printed by JavaScript and parsed by the server (bench/RESULTS.md, stop 28). The
// server must read exactly the numbers the text form gives, and recall through the pool must rank
// and score as recall through a transaction (the text form) does.
import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { directPool, getPrisma } from '../../../lib/adapters/db/client'
import { defaultEmbedder } from '../../../lib/services/lessons/embedders'
import { PgLessonStore } from '../../../lib/services/lessons/pg-lesson-store'
import { vectorBinary, vectorLiteral } from '../../../lib/services/lessons/vector-support'

describe('the binary query vector on PostgreSQL', () => {
  it('is read by pgvector as the same numbers as the text form, non-finite values as 0', async () => {
    const prisma = await getPrisma()
    const pool = directPool(prisma)
    expect(pool).toBeDefined()
    const vectors = [
      [1],
      [0.1, -0.2, 0.30000000000000004, -0],
      [Number.NaN, Infinity, -Infinity, 1e39, 1e-46, 0.5],
      Array.from({ length: 1536 }, (_, position) => Math.sin(position) / 7),
    ]
    for (const vector of vectors) {
      const singles = vector.map((value) => Math.fround(value))
      const [{ binary }] = (await pool!.query('SELECT $1::vector::text AS binary', [vectorBinary(vector)])).rows
      const [{ text }] = (await pool!.query('SELECT $1::vector::text AS text', [vectorLiteral('vector', singles)])).rows
      expect(binary).toBe(text)
      expect(JSON.parse(binary)).toHaveLength(vector.length)
    }
  })

  it('gives the same lessons with the same similarities as the text form in a transaction', async () => {
    const prisma = await getPrisma()
    const tenantId = `c${crypto.randomBytes(12).toString('hex')}`
    await prisma.tenant.create({ data: { id: tenantId, name: 'Binary vectors', slug: tenantId } })
    const embedder = defaultEmbedder()
    const user = `c${crypto.randomBytes(12).toString('hex')}`
    const writer = new PgLessonStore({ prisma, tenantId, embedder })
    for (const content of [
      'Normalize dates to ISO 8601 (YYYY-MM-DD) before answering.',
      'Before restarting a production database, confirm that a recent backup exists.',
      'When planning a walk for an elderly person, keep it short and flat with places to rest.',
      'Rotate API keys by creating the new key first, deploying it, and only then revoking the old one.',
    ])
      await writer.put({ content, metadata: { user_id: user } })
    const [query] = await embedder.embed(['Plan a calm stroll with benches for my grandmother.'])
    const request = { k: 5, userKeys: [user, '*'] }
    const throughPool = await writer.candidates(query, request)
    // Inside a transaction there is no direct pool: the store sends the vector as text through Prisma.
    const throughText = await prisma.$transaction((tx) =>
      new PgLessonStore({ prisma: tx, tenantId, embedder }).candidates(query, request),
    )
    expect(throughPool.map((lesson) => lesson.id)).toEqual(throughText.map((lesson) => lesson.id))
    throughPool.forEach((lesson, position) =>
      expect(lesson.similarity).toBeCloseTo(throughText[position].similarity, 6),
    )
    expect(throughPool[0].content).toContain('walk')
  })
})
