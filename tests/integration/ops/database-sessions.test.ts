// The app's PostgreSQL connections: each starts with the session settings recall's HNSW scans need
// (no transaction around each indexed recall), and a statement marked PREPARED is parsed and
// planned once per connection while every other statement stays unnamed (no per-connection growth).
import crypto from 'node:crypto'
import { inject, describe, expect, it } from 'vitest'
import { PREPARED, SESSION_SETTINGS, TRANSACTION_OPTIONS, directPool, getPrisma } from '../../../lib/adapters/db/client'
import { defaultEmbedder } from '../../../lib/services/lessons/embedders'
import { PgLessonStore } from '../../../lib/services/lessons/pg-lesson-store'

const url = inject('databaseUrl')

describe.runIf(url)('PostgreSQL connections of the app', () => {
  it('start with the session settings, outside any transaction and inside one', async () => {
    const prisma = await getPrisma()
    for (const [name, value] of Object.entries(SESSION_SETTINGS)) {
      const direct = await directPool(prisma)!.query<{ value: string }>(`SELECT current_setting($1) AS value`, [name])
      expect(direct.rows[0].value).toBe(value)
      const [outside] = await prisma.$queryRawUnsafe<{ value: string }[]>(`SELECT current_setting($1) AS value`, name)
      expect(outside.value).toBe(value)
      const inside = await prisma.$transaction((tx) =>
        tx.$queryRawUnsafe<{ value: string }[]>(`SELECT current_setting($1) AS value`, name),
      )
      expect(inside[0].value).toBe(value)
    }
  })

  it('prepare only the statements marked PREPARED, once per connection', async () => {
    const prisma = await getPrisma()
    const marker = `prepared-probe-${Date.now()}`
    const statements = await prisma.$transaction(async (tx) => {
      for (let round = 0; round < 3; round++) {
        await tx.$queryRawUnsafe(`${PREPARED}SELECT $1::text AS probe, 'marked ${marker}' AS kind`, round)
        await tx.$queryRawUnsafe(`SELECT $1::text AS probe, 'unmarked ${marker}' AS kind`, round)
      }
      return tx.$queryRawUnsafe<{ statement: string }[]>(
        `SELECT statement FROM pg_prepared_statements WHERE statement LIKE $1`,
        `%${marker}%`,
      )
    })
    expect(statements.map((row) => row.statement)).toEqual([
      `${PREPARED}SELECT $1::text AS probe, 'marked ${marker}' AS kind`,
    ])
  })

  it('recall read straight from the pool returns what recall through Prisma returns, with the same types', async () => {
    const prisma = await getPrisma()
    const tenantId = `c${crypto.randomBytes(12).toString('hex')}`
    await prisma.tenant.create({ data: { id: tenantId, name: 'Direct recall', slug: tenantId } })
    const store = new PgLessonStore({ prisma, tenantId, embedder: defaultEmbedder(), floor: -1 })
    for (const [user, content] of [
      ['ada', 'When a user asks for a relaxed walking tour, plan at most three stops.'],
      ['ada', 'Normalize dates to ISO 8601 (YYYY-MM-DD) before answering.'],
      ['grace', 'When booking flights for a family, keep connections at least 90 minutes long.'],
      ['*', 'For trip itineraries, include the travel time between stops.'],
    ])
      await store.put({ content, metadata: { user_id: user, tags: ['travel'], task_key: 'trip' } })
    const [vector] = await defaultEmbedder().embed(['Plan an easy walk through Kyoto'])
    const request = { k: 5, userKeys: ['ada', '*'] }
    const direct = await store.candidates(vector, request)
    const throughPrisma = await prisma.$transaction((tx) =>
      new PgLessonStore({ prisma: tx, tenantId, embedder: defaultEmbedder(), floor: -1 }).candidates(vector, request),
    )
    expect(directPool(prisma)).toBeDefined()
    expect(direct.map((lesson) => lesson.userKey).sort()).toEqual(['*', 'ada', 'ada'])
    expect(direct).toEqual(throughPrisma)
  })

  it('start a transaction once a connection is free, when every connection is busy for longer than 2 s', async () => {
    // Prisma's own maxWait is 2 s: under load (an index build, a batch of runs) submitTask failed with P2028.
    const prisma = await getPrisma()
    const pool = directPool(prisma)!
    const held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()))
    const busyFor = 3_000
    expect(TRANSACTION_OPTIONS.maxWait).toBeGreaterThan(busyFor)
    const released = new Promise<void>((resolve) =>
      setTimeout(() => {
        for (const client of held) client.release()
        resolve()
      }, busyFor),
    )
    try {
      const [row] = await prisma.$transaction((tx) => tx.$queryRawUnsafe<{ one: number }[]>('SELECT 1 AS one'))
      expect(row.one).toBe(1)
    } finally {
      await released
    }
  })
})
