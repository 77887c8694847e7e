// The app's PostgreSQL connections: each starts with the session settings recall's HNSW scans need
// (no transaction around each indexed recall), and a statement marked PREPARED is parsed and
// planned once per connection while every other statement stays unnamed (no per-connection growth).
import { inject, describe, expect, it } from 'vitest'
import { PREPARED, SESSION_SETTINGS, getPrisma, hasSessionSettings } from '../../../lib/adapters/db/client'

const url = inject('databaseUrl')

describe.runIf(url)('PostgreSQL connections of the app', () => {
  it('start with the session settings, outside any transaction and inside one', async () => {
    const prisma = await getPrisma()
    expect(hasSessionSettings(prisma)).toBe(true)
    for (const [name, value] of Object.entries(SESSION_SETTINGS)) {
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
})
