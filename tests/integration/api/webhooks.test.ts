// Webhooks against real HTTP receivers started here: a delivery is signed (HMAC-SHA256 over the
// timestamp and the raw body) and the receiver verifies it with the documented headers; a run that
// ends and a proposal that is made each deliver once; a failing receiver gets retries with backoff
// through pg-boss and then a logged failure; a URL the outbound guard refuses is never stored.
import http from 'node:http'
import { metrics } from '../../../lib/adapters/observability/metrics'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDatabase, getPrisma } from '../../../lib/adapters/db/client'
import { proposeLesson } from '../../../lib/services/lessons/my-lessons'
import { endRunInterrupted, openRunSink } from '../../../lib/services/runs/run-log'
import { runServicesFor } from '../../../lib/services/runs/run-services'
import { sendTestWebhook } from '../../../lib/services/webhooks/test-delivery'
import {
  addWebhookEndpoint,
  listWebhookDeliveries,
  removeWebhookEndpoint,
} from '../../../lib/services/webhooks/webhook-endpoints'
import { verifyWebhook, WEBHOOK_HEADERS } from '../../../lib/services/webhooks/signature'
import { startWebhookWorker, type WebhookWorker } from '../../../lib/services/webhooks/webhook-worker'
import { webhookQueueFor } from '../../../lib/services/webhooks/webhook-queue'
import { createIsolationFixtures, type IsolationTenant } from '../../support/isolation-fixtures'

type Received = { headers: http.IncomingHttpHeaders; body: string; verified: { ok: boolean; reason?: string } }

/** A receiver that verifies each delivery with the endpoint's secret and answers `status(count)`. */
async function startReceiver(status: (count: number) => number) {
  const received: Received[] = []
  let secret = ''
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const header = (name: string) => (request.headers[name.toLowerCase()] as string | undefined) ?? null
      const verified = verifyWebhook(
        secret,
        { timestamp: header(WEBHOOK_HEADERS.timestamp), signature: header(WEBHOOK_HEADERS.signature) },
        body,
      )
      received.push({ headers: request.headers, body, verified })
      response.writeHead(verified.ok ? status(received.length) : 401).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`
  return {
    url,
    received,
    setSecret: (value: string) => (secret = value),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function until<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 40_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** A run of member one, created and ended (interrupted) at once: `run.finished` and `run.failed` are sent. */
async function interruptedRun(): Promise<{ id: string }> {
  const prisma = await getPrisma()
  const services = runServicesFor(await getDatabase())
  const run = await prisma.run.create({
    data: {
      tenantId: a.id,
      userId: a.users.memberOne.id,
      title: 't',
      prompt: 'p',
      config: {},
      model: 'demo',
      maxAttempts: 1,
      threshold: 0.8,
    },
  })
  await endRunInterrupted(await openRunSink(prisma, services.writer, run.id), 'model_config', { detail: 'test' })
  return run
}

// The receivers listen on loopback, which the outbound guard refuses unless allowed: allowed here only.
const localPolicy = { allow: ['127.0.0.1'] }
let a: IsolationTenant
let worker: WebhookWorker

beforeAll(async () => {
  ;({ a } = await createIsolationFixtures())
  worker = await startWebhookWorker(await getDatabase(), {
    retry: { attempts: 3, retryDelaySeconds: 1 },
    guard: { policy: localPolicy, timeoutMs: 5_000 },
  })
})
afterAll(async () => worker?.stop())

describe('webhooks', () => {
  it('refuses a URL the outbound guard refuses (loopback, private, metadata), and stores nothing', async () => {
    const prisma = await getPrisma()
    const before = await prisma.webhookEndpoint.count()
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://10.0.0.1/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x',
    ]) {
      await expect(
        addWebhookEndpoint(a.users.admin.caller, { url, events: ['run.finished'] }),
        url,
      ).rejects.toMatchObject({
        code: 'bad_request',
        fieldErrors: { url: expect.any(Array) },
      })
    }
    expect(await prisma.webhookEndpoint.count()).toBe(before)
    await expect(
      addWebhookEndpoint(a.users.memberOne.caller, { url: 'https://1.1.1.1/x', events: ['run.finished'] }),
    ).rejects.toMatchObject({ code: 'not_found' })
  })

  // The cause of two timeouts in full runs: an earlier file's worker stopped the process's queue, and the
  // next worker got that stopped queue back (nothing delivered), or one a sender made with the default retries.
  it('a worker started again after a stop delivers, with the retry policy it was given', async () => {
    const database = await getDatabase()
    await worker.stop()
    webhookQueueFor(database) // a sender (a run ending) makes the queue first, with the default policy
    worker = await startWebhookWorker(database, {
      retry: { attempts: 3, retryDelaySeconds: 1 },
      guard: { policy: localPolicy, timeoutMs: 5_000 },
    })
    expect(webhookQueueFor(database).retry).toEqual({ attempts: 3, retryDelaySeconds: 1 })
    const receiver = await startReceiver(() => 204)
    try {
      const { endpoint, secret } = await addWebhookEndpoint(
        a.users.admin.caller,
        { url: receiver.url, events: ['run.finished'] },
        localPolicy,
      )
      receiver.setSecret(secret)
      await interruptedRun()
      await until(async () => receiver.received.length >= 1)
      expect(receiver.received[0].verified.ok).toBe(true)
      await removeWebhookEndpoint(a.users.admin.caller, endpoint.id)
    } finally {
      await receiver.close()
    }
  })

  it('a run that ends and a proposal that is made are delivered once each, signed, and the receiver verifies them', async () => {
    const receiver = await startReceiver(() => 204)
    try {
      const { endpoint, secret } = await addWebhookEndpoint(
        a.users.admin.caller,
        { url: receiver.url, events: ['run.finished', 'run.failed', 'proposal.created'] },
        localPolicy,
      )
      receiver.setSecret(secret)
      const run = await interruptedRun()
      const lessonId = a.resources.memberOne.privateLessonId
      await proposeLesson(a.users.memberOne.caller, lessonId)
      await until(async () => receiver.received.length >= 3 && receiver.received)
      await new Promise((resolve) => setTimeout(resolve, 1500))
      const bodies = receiver.received.map((delivery) => JSON.parse(delivery.body))
      expect(bodies.map((body) => body.type).sort()).toEqual(['proposal.created', 'run.failed', 'run.finished'])
      expect(receiver.received.every((delivery) => delivery.verified.ok)).toBe(true)
      const finished = bodies.find((body) => body.type === 'run.finished')
      expect(finished.data).toMatchObject({ runId: run.id, status: 'interrupted' })
      expect(receiver.received[0].headers[WEBHOOK_HEADERS.id.toLowerCase()]).toBeTruthy()
      expect(JSON.stringify(bodies)).not.toContain(secret)
      // A tampered body or an old timestamp fails verification.
      const sample = receiver.received[0]
      const timestamp = sample.headers[WEBHOOK_HEADERS.timestamp.toLowerCase()] as string
      const signature = sample.headers[WEBHOOK_HEADERS.signature.toLowerCase()] as string
      expect(verifyWebhook(secret, { timestamp, signature }, `${sample.body} `).ok).toBe(false)
      expect(verifyWebhook(secret, { timestamp, signature }, sample.body, Date.now() + 10 * 60_000).ok).toBe(false)
      expect(verifyWebhook('whsec_other', { timestamp, signature }, sample.body).ok).toBe(false)
      const logged = await listWebhookDeliveries(a.users.admin.caller, { endpointId: endpoint.id })
      expect(logged.map((delivery) => [delivery.status, delivery.responseStatus])).toEqual([
        ['succeeded', 204],
        ['succeeded', 204],
        ['succeeded', 204],
      ])
      // Proposing the same lesson again is the same proposal: nothing new is sent.
      await proposeLesson(a.users.memberOne.caller, lessonId)
      await new Promise((resolve) => setTimeout(resolve, 1500))
      expect(receiver.received).toHaveLength(3)
      await removeWebhookEndpoint(a.users.admin.caller, endpoint.id)
    } finally {
      await receiver.close()
    }
  })

  it('a failing receiver gets retries with backoff, then the delivery is logged as failed with its status', async () => {
    const receiver = await startReceiver(() => 503)
    const counted = async (outcome: string) =>
      (await metrics().webhookDeliveries.get()).values.find((value) => value.labels.outcome === outcome)?.value ?? 0
    const before = { retry: await counted('retry'), failed: await counted('failed') }
    try {
      const { endpoint, secret } = await addWebhookEndpoint(
        a.users.admin.caller,
        { url: receiver.url, events: ['proposal.created'] },
        localPolicy,
      )
      receiver.setSecret(secret)
      const { proposalId } = await proposeLesson(a.users.memberTwo.caller, a.resources.memberTwo.privateLessonId)
      expect(proposalId).toBeTruthy()
      const failed = await until(async () => {
        const [delivery] = await listWebhookDeliveries(a.users.admin.caller, { endpointId: endpoint.id })
        return delivery?.status === 'failed' && delivery
      }, 60_000)
      expect(failed).toMatchObject({ attempts: 3, responseStatus: 503, lastError: 'the receiver answered 503' })
      // The operator's metrics count each attempt by outcome.
      expect({
        retry: (await counted('retry')) - before.retry,
        failed: (await counted('failed')) - before.failed,
      }).toEqual({
        retry: 2,
        failed: 1,
      })
      expect(receiver.received).toHaveLength(3)
      expect(receiver.received.every((delivery) => delivery.verified.ok)).toBe(true)
      const times = receiver.received.map((delivery) =>
        Number(delivery.headers[WEBHOOK_HEADERS.timestamp.toLowerCase()]),
      )
      expect(times[2] - times[0]).toBeGreaterThanOrEqual(1)
      await removeWebhookEndpoint(a.users.admin.caller, endpoint.id)
    } finally {
      await receiver.close()
    }
  })

  it('"Send test" posts a signed webhook.test now and logs it; an unreachable endpoint is logged as failed', async () => {
    const receiver = await startReceiver(() => 200)
    try {
      const prisma = await getPrisma()
      const { endpoint, secret } = await addWebhookEndpoint(
        a.users.admin.caller,
        { url: receiver.url, events: ['run.finished'] },
        localPolicy,
      )
      receiver.setSecret(secret)
      // The test button goes through the operator's policy only: loopback is refused there, and the refusal is logged.
      const refused = await sendTestWebhook(a.users.admin.caller, endpoint.id)
      expect(refused.status).toBe('failed')
      expect(refused.error).toMatch(/not allowed|refused|public|address/i)
      expect(receiver.received).toHaveLength(0)
      const row = await prisma.webhookDelivery.findFirst({ where: { endpointId: endpoint.id, event: 'webhook.test' } })
      expect(row?.status).toBe('failed')
    } finally {
      await receiver.close()
    }
  })
})
