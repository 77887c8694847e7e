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

/** The SQL similarity (1 - cosine distance) of `embedding` to the query parameter `$n`. */
export function similaritySql(storage: EmbeddingStorage, parameter: string, column = 'embedding'): string {
  if (storage === 'vector') return `1 - (${column} <=> ${parameter}::vector)`
  return `(SELECT COALESCE(sum(a * b) / NULLIF(sqrt(sum(a * a)) * sqrt(sum(b * b)), 0), 0) FROM unnest(${column}, ${parameter}::real[]) AS pair(a, b))`
}
