// Changing a tenant's embedding model, on PostgreSQL AND on an embedded PGlite, against a local
// server speaking the OpenAI embeddings protocol: the new vectors are written beside the old ones
// while recall keeps using the old model, then swapped in at once with their own dimension; a
// provider that fails during re-embedding or at query time falls back (recall by words, the offline
// vector for a new lesson) and the failure is recorded for admins; the run never fails for it.
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../../lib/adapters/db/client'
import { bothDatabases } from '../helpers'
import { readRecallSettings } from '../../../lib/services/lessons/embedding-settings'
import { patchEmbeddingState } from '../../../lib/services/lessons/embedding-state'
import { defaultEmbedder } from '../../../lib/services/lessons/embedders'
import { REEMBED_BATCH, reembedStep, reembedTenant } from '../../../lib/services/lessons/reembed-lessons'
import { tenantLessonStore } from '../../../lib/services/lessons/tenant-lessons'
import { staticSecrets } from '../../../lib/adapters/models/secrets'
import { recallForUser } from '../../../lib/core/reflexion/lesson-modes'
import { startOpenAIServer, type OpenAIServer } from '../../support/openai-server'

let server: OpenAIServer

beforeAll(async () => {
  server = await startOpenAIServer()
}, 120_000)
afterAll(async () => {
  await server?.close()
})

const databases = bothDatabases()

describe.each(databases)('embedding-model changes on %s', (_name, database) => {
  let prisma: Db
  const tenantId = `embed-${crypto.randomUUID()}`
  const secrets = () => staticSecrets({ COMPATIBLE_BASE_URL: server.url, COMPATIBLE_API_KEY: 'sk-test-key-123456' })
  const settings = async () =>
    readRecallSettings((await prisma.tenant.findUniqueOrThrow({ where: { id: tenantId } })).settings)
  const lessonCount = REEMBED_BATCH + 6

  beforeAll(async () => {
    prisma = await database()
    await prisma.tenant.create({ data: { id: tenantId, name: tenantId, slug: tenantId } })
    const store = await tenantLessonStore(prisma, tenantId, { secrets: secrets() })
    await store.put({ content: 'Plan at most three stops on a relaxed walking tour.', metadata: { user_id: 'ada' } })
    for (let position = 1; position < lessonCount; position++)
      await store.put({ content: `Lesson number ${position} about invoices and VAT.`, metadata: { user_id: '*' } })
  }, 120_000)

  it('re-embeds beside the old vectors, keeps recalling with the old model until complete, then swaps', async () => {
    await patchEmbeddingState(prisma, tenantId, {
      pending: { model: 'compatible:embed-small', done: 0, total: 0, startedAt: new Date().toISOString() },
    })
    const first = await reembedStep(prisma, tenantId, secrets())
    expect(first).toEqual({ embedded: REEMBED_BATCH, complete: false })
    expect((await settings()).pending).toMatchObject({ done: REEMBED_BATCH, total: lessonCount })
    // Meanwhile recall uses the offline vectors: the walking lesson is found, no provider call needed.
    const before = server.requests.length
    const during = await tenantLessonStore(prisma, tenantId, { secrets: secrets() })
    expect(during.embedder.id).toBe(defaultEmbedder().id)
    const hits = await recallForUser(during, 'Plan a relaxed walking tour of Rome.', 'ada', 5)
    expect(hits[0]?.content).toMatch(/three stops/)
    expect(server.requests.length).toBe(before)

    const rest = await reembedTenant(prisma, tenantId, secrets())
    expect(rest).toMatchObject({ complete: true, embedded: lessonCount - REEMBED_BATCH })
    expect(await settings()).toMatchObject({ activeModel: 'compatible:embed-small', pending: null })
    const rows = await prisma.lesson.findMany({
      where: { tenantId },
      select: { embedder: true, dimensions: true, nextEmbedder: true },
    })
    expect(new Set(rows.map((row) => `${row.embedder}/${row.dimensions}/${row.nextEmbedder}`))).toEqual(
      new Set(['compatible:embed-small/8/null']),
    )
    // Recall now embeds the task with the provider and compares 8-dimension vectors.
    const after = await tenantLessonStore(prisma, tenantId, { secrets: secrets() })
    const exact = await recallForUser(after, 'Plan at most three stops on a relaxed walking tour.', 'ada', 1)
    expect(exact[0]?.score).toBeCloseTo(1, 5)
    expect(server.requests.some((request) => request.path.endsWith('/embeddings'))).toBe(true)
  })

  it('a provider failure during re-embedding stops the change, keeps the active model and is shown to admins', async () => {
    await patchEmbeddingState(prisma, tenantId, {
      pending: { model: 'compatible:unavailable', done: 0, total: 0, startedAt: new Date().toISOString() },
    })
    const step = await reembedTenant(prisma, tenantId, secrets())
    expect(step.failed).toMatch(/overloaded|503|Service Unavailable/i)
    const state = await settings()
    expect(state.activeModel).toBe('compatible:embed-small')
    expect(state.pending?.model).toBe('compatible:unavailable')
    expect(state.lastFailure).toMatchObject({ during: 'reembed' })
    expect(state.lastFailure?.error).not.toContain('sk-test-key-123456')
    await patchEmbeddingState(prisma, tenantId, { pending: null, lastFailure: null })
  })

  it('a provider failure at query time falls back to recall by words; a new lesson gets the offline vector', async () => {
    const down = staticSecrets({ COMPATIBLE_BASE_URL: 'http://127.0.0.1:9/v1' })
    const store = await tenantLessonStore(prisma, tenantId, { secrets: down })
    const hits = await recallForUser(store, 'How many stops on a relaxed walking tour?', 'ada', 5)
    expect(hits[0]?.content).toMatch(/three stops/)
    expect((await settings()).lastFailure).toMatchObject({ during: 'query' })
    const written = await store.put({ content: 'Confirm the museum is open that day.', metadata: { user_id: 'ada' } })
    const row = await prisma.lesson.findUniqueOrThrow({ where: { id: written.id }, select: { embedder: true } })
    expect(row.embedder).toBe(defaultEmbedder().id)
    expect((await settings()).lastFailure).toMatchObject({ during: 'write' })
    // With the provider back, the background repair gives it the active model's vector.
    const repaired = await reembedTenant(prisma, tenantId, secrets())
    expect(repaired).toMatchObject({ embedded: 1, complete: true })
    const again = await prisma.lesson.findUniqueOrThrow({ where: { id: written.id }, select: { embedder: true } })
    expect(again.embedder).toBe('compatible:embed-small')
  })
})
