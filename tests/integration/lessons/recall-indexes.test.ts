// The lessons job gives every embedder's stored vectors their HNSW index: nothing else made it, so a
// scope past INDEXED_RECALL_ABOVE (a user or a tenant's shared lessons in the tens of thousands)
// was scanned in full on every recall (2.7 s at 100k, bench/RESULTS.md). On PostgreSQL (built
// CONCURRENTLY) and on the embedded PGlite, through the real store and embedder.
import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { bothDatabases } from '../helpers'
import { defaultEmbedder } from '../../../lib/services/lessons/embedders'
import { PgLessonStore } from '../../../lib/services/lessons/pg-lesson-store'
import { ensureRecallIndexes, vectorIndexName } from '../../../lib/services/lessons/vector-index'

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
    // Asked again within ten minutes, the job does not look again.
    expect(await ensureRecallIndexes(prisma)).toEqual([])
  })
})
