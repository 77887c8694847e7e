import { streamText } from 'ai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDatabase, getPrisma } from '../../../lib/adapters/db/client'
import { aiSdkEmbedder } from '../../../lib/services/lessons/embedders'
import { PgLessonStore } from '../../../lib/services/lessons/pg-lesson-store'
import { listProviderKeys, saveProviderKey } from '../../../lib/services/admin/provider-keys'
import { resolveEmbeddingModel } from '../../../lib/adapters/models/resolve'
import { tenantSecrets } from '../../../lib/adapters/models/tenant-secrets'
import { resolveRunModel } from '../../../lib/services/runs/run-models'
import { startRunWorker, type RunWorker } from '../../../lib/services/runs/run-worker'
import { submitTaskDraft } from '../../../lib/services/runs/submit-task'
import { allowOutbound, createTenantWithUsers, type TestTenant } from '../helpers'
import { storedEvents, waitForRun } from '../runs/run-helpers'
import { startFakeOpenAI, type FakeOpenAI } from './openai-compatible-server'

let server: FakeOpenAI
let tenant: TestTenant
let worker: RunWorker
let disallow: () => void

beforeAll(async () => {
  server = await startFakeOpenAI({
    flaky: (request) => (request === 1 ? { status: 500 } : 'ok'),
    down: () => ({ status: 500 }),
    limited: (request) => (request === 1 ? { status: 429, headers: { 'retry-after': '0' } } : 'ok'),
    slow: (request) => (request === 1 ? { status: 200, delayMs: 3_000 } : 'ok'),
  })
  disallow = allowOutbound(server.baseUrl)
  tenant = await createTenantWithUsers()
  await saveProviderKey(tenant.admin.caller, {
    provider: 'compatible',
    apiKey: 'sk-test-key-9876',
    baseUrl: server.baseUrl,
  })
  worker = await startRunWorker({
    database: await getDatabase(),
    concurrency: 4,
    tenantConcurrency: 8,
    retry: { maxRetries: 2, baseDelayMs: 10, timeoutMs: 1_000 },
  })
})
afterAll(async () => {
  await worker.stop()
  await server.close()
  disallow()
})

const task = (model: string) => ({
  prompt: 'Plan a relaxed walk.',
  models: { agent: `compatible:${model}` },
  reflexion: { maxAttempts: 1 },
})

describe('the real provider path (compatible: models against a local OpenAI-compatible server)', () => {
  it('stores the key encrypted, lists only its last four, and audits without the key', async () => {
    const prisma = await getPrisma()
    expect(await listProviderKeys(tenant.admin.caller)).toEqual([
      expect.objectContaining({ provider: 'compatible', lastFour: '9876', baseUrl: server.baseUrl }),
    ])
    const row = await prisma.providerSecret.findFirstOrThrow({
      where: { tenantId: tenant.id },
      omit: { ciphertext: false },
    })
    expect(row.ciphertext).not.toContain('sk-test-key-9876')
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { tenantId: tenant.id, action: 'provider_key.saved' },
    })
    expect(JSON.stringify(audit.details)).not.toContain('sk-test-key')
    await expect(listProviderKeys(tenant.member.caller)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('runs a task end to end through chat completions and streams over SSE', async () => {
    const { runId } = await submitTaskDraft(tenant.member.caller, task('good'))
    const run = await waitForRun(runId)
    expect(run.status).toBe('succeeded')
    expect(run.model).toBe('compatible:good')
    const model = await resolveRunModel('compatible:good', tenantSecrets(await getPrisma(), tenant.id))
    const streamed = streamText({ model, prompt: 'hello' })
    expect(await streamed.text).toMatch(/relaxed plan/)
  })

  it('retries a 500 and a 429 (retry-after) and a timeout, recording run.retried, then succeeds', async () => {
    for (const name of ['flaky', 'limited', 'slow']) {
      const { runId } = await submitTaskDraft(tenant.member.caller, task(name))
      const run = await waitForRun(runId)
      const events = await storedEvents(runId)
      expect([name, run.status]).toEqual([name, 'succeeded'])
      expect(events.some((event) => event.type === 'run.retried')).toBe(true)
    }
  })

  it('ends the run interrupted with provider_error after a persistent 500, recording run.handler_raised', async () => {
    const { runId } = await submitTaskDraft(tenant.member.caller, task('down'))
    const run = await waitForRun(runId)
    expect(run.status).toBe('interrupted')
    expect(run.interruptionReason).toBe('provider_error')
    const types = (await storedEvents(runId)).map((event) => event.type)
    expect(types.filter((type) => type === 'run.retried')).toHaveLength(2)
    expect(types.slice(-3)).toEqual(['run.handler_raised', 'run.interrupted', 'run.finished'])
  })

  it('embeds lessons through the embeddings endpoint and recalls them from PostgreSQL', async () => {
    const model = await resolveEmbeddingModel('compatible:embedder', tenantSecrets(await getPrisma(), tenant.id))
    const store = new PgLessonStore({
      prisma: await getPrisma(),
      tenantId: tenant.id,
      embedder: aiSdkEmbedder(model, 8),
    })
    const [id] = await store.add([{ content: 'Keep walking tours short.', metadata: { user_id: tenant.member.id } }])
    const hits = await store.search('Keep walking tours short.', { k: 3, filter: { user_id: [tenant.member.id, '*'] } })
    expect(hits[0]).toMatchObject({ id, content: 'Keep walking tours short.' })
    expect(hits[0].score).toBeCloseTo(1, 5)
  })
})
