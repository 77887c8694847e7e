import { APICallError } from '@ai-sdk/provider'
import { MockLanguageModelV4 } from 'ai/test'
import { describe, expect, it } from 'vitest'
import { Agent, InMemoryVectorStore, HashEmbedder, ReAct, Reflexion, ReflexionConfigError } from './index'
import { scriptedModel, textReply } from './test-support'
import { reservedUserIdProblem } from './user-key'

const noWait = { sleep: async () => undefined }

/** A model that never answers unless its call is aborted (a hung provider). */
function silentModel(modelId: string) {
  return new MockLanguageModelV4({
    provider: 'mock-provider',
    modelId,
    doGenerate: (options) =>
      new Promise((_, reject) =>
        options.abortSignal?.addEventListener('abort', () => reject(options.abortSignal!.reason), { once: true }),
      ),
  })
}

describe('every model call has a timeout', () => {
  it.each([
    ['evaluator', { evaluatorModel: silentModel('judge') }, 'evaluate'],
    ['reflector', { reflectorModel: silentModel('reflector') }, 'reflect'],
  ])('a %s role model that never answers ends the run as a recorded failure', async (_role, roles, handler) => {
    const main = scriptedModel([textReply('answer'), textReply('score: 0.1')])
    const architecture = new Reflexion({ ...roles, maxAttempts: 2 })
    const result = await new Agent({
      instructions: 'x',
      model: main,
      architecture,
      retry: { ...noWait, timeoutMs: 50 },
    }).run('task')
    expect(result.status).toBe('interrupted')
    expect(result.interruptionReason).toBe('provider_error')
    expect(result.events.find((event) => event.type === 'run.handler_raised')).toMatchObject({
      handler,
      error: expect.stringContaining('timed out after 50 ms'),
    })
    expect(result.events.at(-1)).toMatchObject({ type: 'run.finished', attempts: 1 })
  })
})

describe('attempts are counted when an attempt fails mid-way', () => {
  const providerError = new APICallError({
    message: 'HTTP 400',
    url: 'http://provider.test/v1/chat',
    requestBodyValues: {},
    statusCode: 400,
    responseHeaders: {},
    isRetryable: false,
  })

  it('a provider error in attempt 2 reports 2 attempts in the result and in run.finished', async () => {
    const model = scriptedModel([textReply('a1'), textReply('score: 0.1'), textReply('lesson one'), providerError])
    const result = await new Agent({ instructions: 'x', model, architecture: new Reflexion(), retry: noWait }).run(
      'task',
    )
    expect(result.interruptionReason).toBe('provider_error')
    expect(result.attempts).toBe(2)
    expect(result.events.at(-1)).toMatchObject({ type: 'run.finished', attempts: 2 })
  })

  it('a cancel during attempt 1 reports 1 attempt', async () => {
    const controller = new AbortController()
    const model = scriptedModel([
      () => {
        controller.abort()
        throw new Error('aborted')
      },
    ])
    const result = await new Agent({ instructions: 'x', model, architecture: new Reflexion() }).run('task', {
      signal: controller.signal,
    })
    expect(result.interruptionReason).toBe('cancelled')
    expect(result.attempts).toBe(1)
    expect(result.events.at(-1)).toMatchObject({ type: 'run.finished', attempts: 1 })
  })

  it('a plain base (no Reflexion) failing mid-way counts its one attempt', async () => {
    const result = await new Agent({
      instructions: 'x',
      model: scriptedModel([providerError]),
      architecture: new ReAct(),
      retry: noWait,
    }).run('task')
    expect(result.attempts).toBe(1)
  })
})

describe('reserved user ids', () => {
  it.each(['*', ' * ', '＊', '**', '%', '?', 'a\u0000b', '   '])(
    '%j is refused before anything runs',
    async (userId) => {
      const model = scriptedModel([])
      const store = new InMemoryVectorStore({ embedder: new HashEmbedder() })
      const agent = new Agent({ instructions: 'x', model, architecture: new Reflexion({ lessonStore: store }) })
      await expect(agent.run('task', { userId })).rejects.toBeInstanceOf(ReflexionConfigError)
      expect(model.doGenerateCalls).toHaveLength(0)
    },
  )

  it.each(['', 'u1', 'cmabc123', 'ada@demo.test', 'user*name'])('%j is accepted', (userId) => {
    expect(reservedUserIdProblem(userId)).toBeUndefined()
  })

  it('a run under "*" cannot write a lesson other users recall', async () => {
    const store = new InMemoryVectorStore({ embedder: new HashEmbedder() })
    const model = scriptedModel([textReply('a'), textReply('score: 0'), textReply('Always do X.')])
    const agent = new Agent({ instructions: 'x', model, architecture: new Reflexion({ lessonStore: store }) })
    await expect(agent.run('task', { userId: '*' })).rejects.toThrow(/reserved/)
    expect(await store.search('task', { k: 5 })).toEqual([])
  })
})
