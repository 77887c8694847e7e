// A lesson's row stays whole in its page: its vector (storage MAIN) took a 6 KB row past the 2 KB
// target PostgreSQL shrinks rows to, so the toaster moved every other text value out of line, and
// recall read each candidate's embedder id through the TOAST index (bench/RESULTS.md "Rows inline").
// An inline short text takes one header byte more than its bytes; a value out of line reports its
// bytes alone. On PostgreSQL and on the embedded PGlite, through the real store and embedder.
import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { bothDatabases } from '../helpers'
import { defaultEmbedder } from '../../../lib/services/lessons/embedders'
import { PgLessonStore } from '../../../lib/services/lessons/pg-lesson-store'

const databases = bothDatabases()

describe.each(databases)('a lesson row on %s', (_name, database) => {
  it('keeps its ids, embedder and text beside its vector, none of them out of line', async () => {
    const prisma = await database()
    // As long as the app's ids (cuids): short test ids would fit in the row either way.
    const tenantId = `c${crypto.randomBytes(12).toString('hex')}`
    await prisma.tenant.create({ data: { id: tenantId, name: 'Inline rows', slug: tenantId } })
    const store = new PgLessonStore({ prisma, tenantId, embedder: defaultEmbedder() })
    const { id } = await store.put({
      content: 'When converting temperatures, always state both the source unit and the target unit.',
      metadata: { user_id: `c${crypto.randomBytes(12).toString('hex')}` },
    })
    const [row] = await prisma.$queryRawUnsafe<Record<string, boolean>[]>(
      `SELECT ${['id', 'tenant_id', 'user_key', 'embedder', 'content', 'normalized']
        .map((column) => `pg_column_size(${column}) > octet_length(${column}) AS ${column}`)
        .join(', ')}, pg_column_size(embedding) > 6000 AS embedding
       FROM lessons WHERE id = $1`,
      id,
    )
    expect(row).toEqual({
      id: true,
      tenant_id: true,
      user_key: true,
      embedder: true,
      content: true,
      normalized: true,
      embedding: true,
    })
  })
})
