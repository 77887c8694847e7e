// Lesson recall at scale, through the product's PgLessonStore (candidate query + ranking), with
// vectors of the product's offline embedder's dimension (1,536) that PostgreSQL generates itself
// (clusters plus noise: no text to embed, so the figures are the database path alone; embedding a
// task costs ~15-25 ms on top, once per run attempt, measured separately below):
//   1. spread: 100,000 lessons over 1,000 users in each of two tenants, 1% shared (exact scan path);
//   2. one user with 100,000 lessons (HNSW path, iterative scan);
//   3. one tenant with 100,000 shared lessons, recalled by a member with 20 of their own (HNSW path).
// Agreement = the share of the exact top 5 (brute force over the same filter) that recall returns.
// Run: npx tsx --import ./scripts/register-server-only.mjs bench/recall.bench.ts   (creates and drops its own database; ~10-20 min on 2 cores;
// BENCH_KEEP_DATABASE=1 keeps it and prints its URL; BENCH_DATABASE_URL=<that URL> measures a kept one again)
import { defaultEmbedder } from '../lib/services/lessons/embedders'
import { PgLessonStore } from '../lib/services/lessons/pg-lesson-store'
import { recallSql } from '../lib/services/lessons/recall-query'
import { rankLessons } from '../lib/services/lessons/recall-ranking'
import { ensureVectorIndex, vectorIndexName } from '../lib/services/lessons/vector-index'
import { embeddingStorage, vectorLiteral } from '../lib/services/lessons/vector-support'
import crypto from 'node:crypto'
import os from 'node:os'
import { benchDatabase, keptDatabase, machineLine, percentile } from './bench-database'

const DIMENSIONS = 1536
const CENTERS = 400
const NOISES = 1_000
const QUERIES = 200
/** A lesson's text as long as a reflector's sentence (~110 characters). */
const CONTENT = `'When a task is about topic ' || ($2 + ord) || ', state the assumption you made and check the constraints before answering.'`
const K = 5

/** Ids as long as the app's (cuids, 25 characters): short ones stay in the row where real ones may not. */
const id = (label: string) =>
  label === '*' ? '*' : `c${crypto.createHash('sha256').update(label).digest('hex').slice(0, 24)}`

let seed = 7
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31

async function main() {
  const reused = process.env.BENCH_DATABASE_URL
  const bench = reused ? await keptDatabase(reused) : await benchDatabase('bench_recall')
  const { prisma } = bench.database
  const embedderId = defaultEmbedder().id
  const storage = await embeddingStorage(prisma)
  if (storage !== 'vector') throw new Error('this bench needs pgvector')
  // Cluster centres (kept in JS too, so that queries land near the data like real tasks do) and a
  // pool of noise vectors; each lesson is centre + noise, added by pgvector in C (fast to generate).
  const centers = Array.from({ length: CENTERS }, () => Array.from({ length: DIMENSIONS }, () => random() - 0.5))
  const noises = Array.from({ length: NOISES }, () => Array.from({ length: DIMENSIONS }, () => (random() - 0.5) * 0.8))
  const literal = (vector: number[]) => `[${vector.map((value) => value.toFixed(4)).join(',')}]`
  const insert = async (tenantLabel: string, count: number, userKey: (position: number) => string) => {
    const tenantId = id(tenantLabel)
    await prisma.tenant.upsert({
      where: { id: tenantId },
      create: { id: tenantId, name: tenantLabel, slug: tenantLabel },
      update: {},
    })
    const users = Array.from({ length: count }, (_, position) => id(userKey(position)))
    for (let start = 0; start < count; start += 10_000) {
      const slice = users.slice(start, start + 10_000)
      await prisma.$executeRawUnsafe(
        `INSERT INTO lessons (id, tenant_id, user_key, content, normalized, embedding, embedder, dimensions, updated_at)
         SELECT $1 || '-' || ($2 + ord), $1, u, ${CONTENT}, $1 || ${CONTENT}, c.v + z.v, $3, ${DIMENSIONS}, now()
         FROM unnest($4::text[]) WITH ORDINALITY AS t(u, ord)
         JOIN bench_centers c ON c.n = (($2 + ord) * 7919) % ${CENTERS}
         JOIN bench_noise z ON z.n = (($2 + ord) * 104729 / ${CENTERS}) % ${NOISES}`,
        tenantId,
        start,
        embedderId,
        slice,
      )
    }
  }
  const createVectorTables = async () => {
    for (const [table, vectors] of [
      ['bench_centers', centers],
      ['bench_noise', noises],
    ] as const) {
      await prisma.$executeRawUnsafe(`CREATE TABLE ${table} (n int PRIMARY KEY, v vector(${DIMENSIONS}))`)
      for (let start = 0; start < vectors.length; start += 100)
        await prisma.$executeRawUnsafe(
          `INSERT INTO ${table} SELECT n, v::vector FROM unnest($1::int[], $2::text[]) AS t(n, v)`,
          vectors.slice(start, start + 100).map((_, position) => start + position),
          vectors.slice(start, start + 100).map(literal),
        )
    }
  }
  const query = () => {
    const center = centers[Math.floor(random() * CENTERS)]
    return center.map((value) => value + (random() - 0.5) * 0.8)
  }
  const store = (tenantId: string) => new PgLessonStore({ prisma, tenantId, embedder: defaultEmbedder(), floor: -1 })
  const measure = async (label: string, tenantLabel: string, user: () => string) => {
    const tenantId = id(tenantLabel)
    const latencies: number[] = []
    const checks: { vector: number[]; user: string; ids: string[] }[] = []
    for (let position = -20; position < QUERIES; position++) {
      const vector = query()
      const who = id(user())
      const started = performance.now()
      const candidates = await store(tenantId).candidates(vector, { k: K, userKeys: [who, '*'] })
      const ids = rankLessons(candidates, { k: K, floor: -1 }).map((lesson) => lesson.id)
      if (position < 0) continue
      latencies.push(performance.now() - started)
      checks.push({ vector, user: who, ids })
    }
    let agreement = 0
    for (const check of checks) {
      const exact = await prisma.$queryRawUnsafe<{ id: string }[]>(
        recallSql('vector', { userKeys: [check.user, '*'] }),
        tenantId,
        embedderId,
        vectorLiteral('vector', check.vector),
        K,
        [check.user, '*'],
      )
      agreement += exact.filter((row) => check.ids.includes(row.id)).length / Math.max(1, exact.length)
    }
    latencies.sort((left, right) => left - right)
    console.log(
      `| ${label} | ${percentile(latencies, 0.5).toFixed(2)} | ${percentile(latencies, 0.95).toFixed(2)} | ${(agreement / checks.length).toFixed(3)} | ${os.loadavg()[0].toFixed(1)} |`,
    )
  }
  try {
    console.log(await machineLine(bench.database))
    // The figures follow the server's memory settings (bench/RESULTS.md, "Recall at 100k, stop 28").
    const [server] = await prisma.$queryRawUnsafe<Record<string, string | null>[]>(
      `SELECT current_setting('shared_buffers') AS shared_buffers, current_setting('huge_pages') AS huge_pages,
              current_setting('hnsw.ef_search', true) AS ef_search`,
    )
    console.log(
      `Server: ${Object.entries(server)
        .map(([name, value]) => `${name} ${value ?? 'unset'}`)
        .join(', ')}`,
    )
    const timed = async (what: string, work: () => Promise<unknown>) => {
      const started = performance.now()
      await work()
      console.log(`${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`)
    }
    if (!reused) {
      await createVectorTables()
      await timed('insert 100,000 spread', async () => {
        await insert('spread-a', 50_000, (position) => (position % 100 === 0 ? '*' : `user-${position % 1000}`))
        await insert('spread-b', 50_000, (position) => (position % 100 === 0 ? '*' : `user-${position % 1000}`))
      })
      await timed('insert 100,000 of one user', () => insert('heavy', 100_000, () => 'heavy-user'))
      await timed('insert 100,000 shared', () =>
        insert('shared', 100_020, (position) => (position < 20 ? 'light-user' : '*')),
      )
      await prisma.$executeRawUnsafe('ANALYZE lessons')
      await prisma.$executeRawUnsafe("SET maintenance_work_mem = '2GB'")
      await timed(`HNSW index ${vectorIndexName(embedderId)} (halfvec ${DIMENSIONS}, 300,020 rows)`, () =>
        ensureVectorIndex(prisma, embedderId, DIMENSIONS),
      )
      await prisma.$executeRawUnsafe('VACUUM ANALYZE lessons')
      // The bulk load leaves gigabytes of dirty buffers: written now, so the figures below do not carry
      // the checkpointer's writes.
      await timed('checkpoint', () => prisma.$executeRawUnsafe('CHECKPOINT'))
    }
    // Whether the vectors sit in their rows (the column's storage is MAIN) or out of line in TOAST.
    const [layout] = await prisma.$queryRawUnsafe<{ heap: bigint; toast: bigint }[]>(
      `SELECT pg_relation_size('lessons') AS heap, COALESCE(pg_relation_size(NULLIF(reltoastrelid, 0)), 0) AS toast
       FROM pg_class WHERE relname = 'lessons'`,
    )
    console.log(
      `lessons heap ${Math.round(Number(layout.heap) / 2 ** 20)} MB, TOAST ${Math.round(Number(layout.toast) / 2 ** 20)} MB`,
    )
    console.log('| case | p50 ms | p95 ms | agreement with exact top 5 | load (1 min) |')
    console.log('| --- | ---: | ---: | ---: | ---: |')
    const spreadUser = () => `user-${Math.floor(random() * 1000)}`
    await measure('100k spread over 2,000 users (exact path)', random() < 0.5 ? 'spread-a' : 'spread-b', spreadUser)
    await measure('one user with 100k lessons (HNSW, iterative scan)', 'heavy', () => 'heavy-user')
    await measure('tenant with 100k shared lessons (HNSW, iterative scan)', 'shared', () => 'light-user')
    const embedder = defaultEmbedder()
    await embedder.embed(['warm up the sentence encoder'])
    const texts = Array.from(
      { length: 50 },
      (_, position) => `Plan an easy walking tour number ${position} with few stops.`,
    )
    const started = performance.now()
    for (const text of texts) await embedder.embed([text])
    console.log(
      `Embedding one task with the offline default: ${((performance.now() - started) / texts.length).toFixed(1)} ms`,
    )
  } finally {
    // BENCH_KEEP_DATABASE=1 keeps the database for EXPLAIN ANALYZE (drop it yourself afterwards).
    if (process.env.BENCH_KEEP_DATABASE !== '1' && !reused) await bench.drop()
    else {
      await prisma.$disconnect()
      console.log(`kept ${bench.url}`)
    }
  }
}

void main()
