// Traces: with OTEL_EXPORTER_OTLP_ENDPOINT set, a run becomes one OTLP trace at a real local OTLP/HTTP
// receiver: an invoke_agent span, one child per attempt, GenAI `chat` spans for the model calls and
// evaluation, reflection and recall spans under their attempt.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTracing } from '../../../lib/adapters/observability/tracing'
import { submitTaskDraft } from '../../../lib/services/runs/submit-task'
import { createTenantWithUsers } from '../helpers'
import { scenarioTask, startTestWorker, waitForRun } from '../runs/run-helpers'

type OtlpSpan = {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  attributes: { key: string; value: Record<string, unknown> }[]
  status?: { code?: number }
}

const received: OtlpSpan[] = []
let receiver: http.Server
let endpoint = ''

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const payload = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] }
        for (const resource of payload.resourceSpans)
          for (const scope of resource.scopeSpans) received.push(...scope.spans)
      }
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())))

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((entry) => entry.key === key)?.value
  return value ? Object.values(value)[0] : undefined
}

describe('run traces', () => {
  it('exports each run as a GenAI trace: attempts, model calls, evaluation, reflection', async () => {
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = endpoint
    const stop = startTracing(endpoint, 'reflexion-test')!
    const tenant = await createTenantWithUsers({ roles: ['member'] })
    const worker = await startTestWorker()
    let runId: string
    try {
      ;({ runId } = await submitTaskDraft(tenant.member.caller, scenarioTask('kyoto-walk')))
      expect((await waitForRun(runId)).status).toBe('succeeded')
    } finally {
      await worker.stop()
      await stop()
    }
    const root = received.find((span) => attribute(span, 'reflexion.run.id') === runId)!
    expect(root).toBeDefined()
    expect(root.name).toBe('invoke_agent reflexion')
    expect(attribute(root, 'gen_ai.operation.name')).toBe('invoke_agent')
    const trace = received.filter((span) => span.traceId === root.traceId)
    const childrenOf = (parent: OtlpSpan) => trace.filter((span) => span.parentSpanId === parent.spanId)
    const attempts = childrenOf(root).filter((span) => span.name.startsWith('attempt '))
    expect(attempts.map((span) => span.name)).toEqual(['attempt 1', 'attempt 2'])
    const first = childrenOf(attempts[0]).map((span) => span.name)
    expect(first).toEqual(expect.arrayContaining(['evaluate', 'reflect']))
    const chats = trace.filter((span) => attribute(span, 'gen_ai.operation.name') === 'chat')
    expect(chats.length).toBeGreaterThanOrEqual(3)
    for (const chat of chats) {
      expect(chat.name).toMatch(/^chat /)
      expect(attempts.map((span) => span.spanId)).toContain(chat.parentSpanId)
      expect(typeof attribute(chat, 'gen_ai.usage.input_tokens')).not.toBe('undefined')
    }
    expect(childrenOf(attempts[1]).map((span) => span.name)).toContain('recall lessons')
  })
})
