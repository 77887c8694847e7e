import { afterEach, describe, expect, it } from 'vitest'
import type { EngineEvent } from '@/lib/core/events/event'
import { engineModelOptions } from '@/lib/adapters/models/engine-models'
import { staticSecrets } from '@/lib/adapters/models/secrets'
import { Agent, Reflexion, type ReflexionOptions } from '@/lib/core/reflexion'
import { logProblems, typesOf } from '@/lib/core/reflexion/test-support'
import { startOpenAIServer, type ChatStep, type OpenAIServer } from '../support/openai-server'

/** A recognisable key that no generic pattern (sk-…, Bearer …) would mask: only exact-value redaction catches it. */
const API_KEY = 'fake-key-ReflexionStudio-7f3a9c41d2'

let server: OpenAIServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function runAgainst(
  steps: ChatStep[],
  options: { reflexion?: ReflexionOptions; timeoutMs?: number; maxRetries?: number } = {},
) {
  server = await startOpenAIServer(steps)
  const sleeps: number[] = []
  const agent = new Agent({
    instructions: 'Plan tours.',
    model: 'compatible:main-model',
    architecture: new Reflexion({ maxAttempts: 1, ...options.reflexion }),
    ...(await engineModelOptions(staticSecrets({ COMPATIBLE_BASE_URL: server.url, COMPATIBLE_API_KEY: API_KEY }))),
    retry: {
      sleep: async (milliseconds) => {
        sleeps.push(milliseconds)
      },
      timeoutMs: options.timeoutMs ?? 5_000,
      maxRetries: options.maxRetries,
    },
  })
  const result = await agent.run('Plan an easy walk in Hangzhou.')
  return { result, sleeps, requests: server.requests }
}

const retriedOf = (events: EngineEvent[]) => events.filter((event) => event.type === 'run.retried')

/** The log is whole and safe: contiguous indices, causes pointing back, no API key anywhere, run.finished last. */
function expectSoundLog(events: EngineEvent[]): void {
  expect(logProblems(events)).toEqual([])
  expect(JSON.stringify(events)).not.toContain(API_KEY)
  expect(JSON.stringify(events)).not.toContain('7f3a9c41d2')
  expect(events.at(-1)?.type).toBe('run.finished')
  for (const retried of retriedOf(events)) {
    const failed = events[(retried.cause as { index: number }).index]
    expect(failed).toMatchObject({ type: 'agent.model_called', failed: true })
  }
}

/** The tail of a run that failed on a provider: handler_raised → interrupted(provider_error) → finished. */
function expectProviderErrorEnd(events: EngineEvent[]): EngineEvent {
  expect(typesOf(events.slice(-3))).toEqual(['run.handler_raised', 'run.interrupted', 'run.finished'])
  const [raised, interrupted, finished] = events.slice(-3)
  expect(interrupted).toMatchObject({ reason: 'provider_error', cause: { kind: 'handler', index: raised.index } })
  expect(finished).toMatchObject({ status: 'interrupted', interruptionReason: 'provider_error' })
  return raised
}

describe('provider faults in full Reflexion runs (compatible: against a local server)', () => {
  it('retries a 500 on the main model, reporting the delay and the error, then succeeds', async () => {
    const { result, sleeps, requests } = await runAgainst([
      { fault: 'status', status: 500 },
      { text: 'West Lake → Tea Museum' },
      { text: 'score: 0.9' },
    ])
    expect(result.status).toBe('succeeded')
    expect(retriedOf(result.events)).toEqual([
      expect.objectContaining({
        retry: 1,
        delayMs: 500,
        statusCode: 500,
        error: expect.stringContaining('fake server fault 500'),
      }),
    ])
    expect(sleeps).toEqual([500])
    expect(requests).toHaveLength(3)
    expect(requests[0].authorization).toBe(`Bearer ${API_KEY}`)
    expectSoundLog(result.events)
  })

  it('honours retry-after (seconds) on a 429', async () => {
    const { result, sleeps } = await runAgainst([
      { fault: 'status', status: 429, headers: { 'retry-after': '2' } },
      { text: 'A plan.' },
      { text: 'score: 1' },
    ])
    expect(result.status).toBe('succeeded')
    expect(retriedOf(result.events)).toEqual([expect.objectContaining({ delayMs: 2000, statusCode: 429 })])
    expect(sleeps).toEqual([2000])
    expectSoundLog(result.events)
  })

  it('times out a slow reply and retries it', async () => {
    const { result } = await runAgainst(
      [{ fault: 'slow', delayMs: 3_000 }, { text: 'A plan.' }, { text: 'score: 1' }],
      { timeoutMs: 150 },
    )
    expect(result.status).toBe('succeeded')
    expect(retriedOf(result.events)).toEqual([expect.objectContaining({ error: 'model call timed out after 150 ms' })])
    expectSoundLog(result.events)
  })

  it('retries a malformed JSON body, then ends with provider_error when it keeps coming', async () => {
    const recovered = await runAgainst([{ fault: 'malformed' }, { text: 'A plan.' }, { text: 'score: 1' }])
    expect(recovered.result.status).toBe('succeeded')
    expect(retriedOf(recovered.result.events)).toHaveLength(1)
    await server?.close()

    const { result, requests } = await runAgainst([
      { fault: 'malformed' },
      { fault: 'malformed' },
      { fault: 'malformed' },
    ])
    expect(requests).toHaveLength(3)
    expect(retriedOf(result.events).map((event) => event.retry)).toEqual([1, 2])
    const raised = expectProviderErrorEnd(result.events)
    expect(raised).toMatchObject({ handler: 'react', error: expect.stringContaining('Invalid JSON response') })
    expect(result.output).toBe('')
    expectSoundLog(result.events)
  })

  it('retries a reply whose connection was cut mid-body instead of accepting part of it', async () => {
    const { result } = await runAgainst([{ fault: 'truncated' }, { text: 'The whole plan.' }, { text: 'score: 1' }])
    expect(result.status).toBe('succeeded')
    expect(result.output).toBe('The whole plan.')
    expect(retriedOf(result.events)).toHaveLength(1)
    expectSoundLog(result.events)
  })

  it.each([400, 401])(
    'does not retry a %i; the run ends with provider_error and the echoed key is masked',
    async (status) => {
      const { result, requests, sleeps } = await runAgainst([{ fault: 'status', status }])
      expect(requests).toHaveLength(1)
      expect(sleeps).toEqual([])
      expect(retriedOf(result.events)).toEqual([])
      const raised = expectProviderErrorEnd(result.events)
      if (status === 401) expect(raised.error).toContain('Incorrect API key provided: ***')
      expectSoundLog(result.events)
    },
  )

  it('gives up on the main model after maxRetries and keeps every failed try in the log', async () => {
    const { result } = await runAgainst(
      [
        { fault: 'status', status: 503 },
        { fault: 'status', status: 503 },
      ],
      { maxRetries: 1 },
    )
    expect(retriedOf(result.events)).toHaveLength(1)
    const failedCalls = result.events.filter((event) => event.type === 'agent.model_called' && event.failed === true)
    expect(failedCalls).toHaveLength(2)
    expectProviderErrorEnd(result.events)
    expectSoundLog(result.events)
  })

  it('does not retry a role model: an evaluator 503 ends the run at once', async () => {
    const { result, requests } = await runAgainst([{ text: 'A plan.' }, { fault: 'status', status: 503 }], {
      reflexion: { evaluatorModel: 'compatible:judge-model' },
    })
    expect(requests.map((request) => request.body.model)).toEqual(['main-model', 'judge-model'])
    expect(retriedOf(result.events)).toEqual([])
    const raised = expectProviderErrorEnd(result.events)
    expect(raised).toMatchObject({ handler: 'evaluate' })
    expect(result.output).toBe('A plan.')
    expectSoundLog(result.events)
  })

  it('does not retry the reflector model either', async () => {
    const { result, requests } = await runAgainst(
      [{ text: 'Five stops.' }, { text: 'score: 0.2 too many' }, { fault: 'status', status: 500 }],
      { reflexion: { maxAttempts: 2, reflectorModel: 'compatible:reflector-model' } },
    )
    expect(requests.map((request) => request.body.model)).toEqual(['main-model', 'main-model', 'reflector-model'])
    expect(retriedOf(result.events)).toEqual([])
    expect(expectProviderErrorEnd(result.events)).toMatchObject({ handler: 'reflect' })
    expectSoundLog(result.events)
  })

  it('retries the agent model inside a tool loop and keeps the tool calls in order', async () => {
    const { result } = await runAgainst([
      { toolCalls: [{ name: 'unknown_tool', arguments: { place: 'West Lake' } }] },
      { fault: 'status', status: 502 },
      { text: 'A plan.' },
      { text: 'score: 1' },
    ])
    expect(result.status).toBe('succeeded')
    expect(typesOf(result.events)).toContain('agent.tool_returned')
    expect(retriedOf(result.events)).toHaveLength(1)
    expectSoundLog(result.events)
  })
})
