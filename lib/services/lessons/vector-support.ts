import 'server-only'
import { logger } from '../../adapters/log'
import type { Db } from '../../adapters/db/client'

const log = logger().child({ component: 'lessons' })

/** How lesson embeddings are stored: a pgvector `vector` column, or `real[]` on a server without pgvector. */
export type EmbeddingStorage = 'vector' | 'array'

/** What detecting the storage needs: a client or a transaction that runs raw SQL. */
export type RawSqlRunner = Pick<Db, '$queryRawUnsafe'>

const detected = new WeakMap<RawSqlRunner, Promise<EmbeddingStorage>>()
let warned = false

/** Detects the embedding column's type once per client; warns once when recall has to run without pgvector. */
export function embeddingStorage(prisma: RawSqlRunner): Promise<EmbeddingStorage> {
  let storage = detected.get(prisma)
  if (!storage) {
    storage = (async () => {
      const rows = await prisma.$queryRawUnsafe<{ type: string; extension: boolean }[]>(
        `SELECT format_type(atttypid, atttypmod) AS type, EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') AS extension
         FROM pg_attribute WHERE attrelid = 'lessons'::regclass AND attname = 'embedding'`,
      )
      const kind: EmbeddingStorage = rows[0]?.type?.startsWith('vector') && rows[0].extension ? 'vector' : 'array'
      if (kind === 'array' && !warned) {
        warned = true
        log.warn(
          'pgvector is not installed on this PostgreSQL: lesson recall computes cosine similarity in SQL over real[] arrays, which is exact but slow (a full scan of the candidate lessons). Install pgvector and re-run the migrations for fast recall.',
        )
      }
      return kind
    })()
    storage.catch(() => detected.delete(prisma))
    detected.set(prisma, storage)
  }
  return storage
}

/** A vector as a SQL literal for the storage kind (`[..]` for vector, `{..}` for real[]). */
export function vectorLiteral(storage: EmbeddingStorage, vector: number[]): string {
  const body = vector.map((value) => (Number.isFinite(value) ? value : 0)).join(',')
  return storage === 'vector' ? `[${body}]` : `{${body}}`
}

/**
 * A vector in pgvector's binary format (`vector_recv`: the dimension and a reserved word as 16-bit
 * integers, then each value as a big-endian 32-bit float), for a parameter sent in binary. The text
 * form of a 1,536-number query vector is ~31 KB that JavaScript prints and PostgreSQL parses back on
 * every recall; this is 6 KB copied as it is, and it cut a 100k-lesson recall by ~0.7 ms of ~3.2
 * (bench/RESULTS.md). node-postgres sends a Buffer parameter in binary.
 */
export function vectorBinary(vector: readonly number[]): Buffer {
  const buffer = Buffer.allocUnsafe(4 + 4 * vector.length)
  buffer.writeInt16BE(vector.length, 0)
  buffer.writeInt16BE(0, 2)
  vector.forEach((value, position) => {
    // As the text form reads: a value that is no finite float (NaN, beyond float range) is 0, and so is -0.
    const single = Math.fround(value)
    buffer.writeFloatBE(Number.isFinite(single) && single !== 0 ? single : 0, 4 + 4 * position)
  })
  return buffer
}

/** The SQL similarity (1 - cosine distance) of `embedding` to the query parameter `$n`. */
export function similaritySql(storage: EmbeddingStorage, parameter: string, column = 'embedding'): string {
  if (storage === 'vector') return `1 - (${column} <=> ${parameter}::vector)`
  return `(SELECT COALESCE(sum(a * b) / NULLIF(sqrt(sum(a * a)) * sqrt(sum(b * b)), 0), 0) FROM unnest(${column}, ${parameter}::real[]) AS pair(a, b))`
}
