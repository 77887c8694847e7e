import { APICallError } from '@ai-sdk/provider'
import { describe, expect, it } from 'vitest'
import type { EngineEvent } from '../events/event'
import { Agent, Reflexion } from './index'
import { logProblems, scriptedModel, textReply, typesOf } from './test-support'

const providerError = (statusCode: number, message = `HTTP ${statusCode}`) =>
  new APICallError({
    message,
    url: 'http://provider.test/v1/chat',
    requestBodyValues: {},
    statusCode,
    responseHeaders: {},
    isRetryable: statusCode >= 500,
  })

const noWait = { sleep: async () => undefined }

describe('run control', () => {
  it('retries the main model and records run.retried from the failed model_called', async () => {
    const model = scriptedModel([providerError(503), textReply('answer'), textReply('score: 1')])
    const result = await new Agent({
      instructions: 'x',
      model,
      architecture: new Reflexion(),
      retry: { ...noWait, baseDelayMs: 100 },
    }).run('task')
    expect(result.status).toBe('succeeded')
    const failed = result.events.find((event) => event.type === 'agent.model_called' && event.failed)!
    const retried = result.events.find((event) => event.type === 'run.retried')!
    expect(failed).toMatchObject({ finishReason: 'error', error: 'HTTP 503', role: 'agent' })
    expect(retried).toMatchObject({
      retry: 1,
      delayMs: 100,
      statusCode: 503,
      cause: { kind: 'handler', index: failed.index, handler: 'retry' },
    })
    expect(logProblems(result.events)).toEqual([])
  })

  it('a provider failure ends with handler_raised (no secrets) then interrupted provider_error then finished', async () => {
    const model = scriptedModel([providerError(401, 'Incorrect API key provided: sk-abcdefghijklmnop1234')])
    const result = await new Agent({ instructions: 'x', model, architecture: new Reflexion(), retry: noWait }).run(
      'task',
    )
    expect(model.doGenerateCalls).toHaveLength(1) // 401 is not retried
    expect(typesOf(result.events).slice(-4)).toEqual([
      'agent.model_called',
      'run.handler_raised',
      'run.interrupted',
      'run.finished',
    ])
    const raised = result.events.at(-3)!
    expect(raised).toMatchObject({
      handler: 'react',
      sourceEvent: 2,
      cause: { kind: 'handler', index: 2, handler: 'react' },
    })
    expect(String(raised.error)).not.toContain('abcdefghijklmnop')
    expect(result.events.at(-2)).toMatchObject({
      reason: 'provider_error',
      cause: { kind: 'handler', index: raised.index, handler: 'reflexion' },
    })
    expect(result.interruptionReason).toBe('provider_error')
  })

  it('role models are used when given, without the retry policy', async () => {
    const main = scriptedModel([textReply('answer'), textReply('answer 2')], { modelId: 'main' })
    const judge = scriptedModel([textReply('score: 0.1'), textReply('score: 0.95')], { modelId: 'judge' })
    const reflector = scriptedModel([providerError(503)], { modelId: 'reflector' })
    const architecture = new Reflexion({ evaluatorModel: judge, reflectorModel: reflector })
    const result = await new Agent({ instructions: 'x', model: main, architecture, retry: noWait }).run('task')
    expect(judge.doGenerateCalls).toHaveLength(1)
    expect(reflector.doGenerateCalls).toHaveLength(1) // a 503 on a role model is not retried
    expect(typesOf(result.events)).not.toContain('run.retried')
    expect(result.events.find((event) => event.type === 'run.handler_raised')).toMatchObject({ handler: 'reflect' })
    expect(result.events.find((event) => event.role === 'evaluator')).toMatchObject({ model: 'mock-provider:judge' })
  })

  it('sums usage per role and estimates cost from the price table (unknown → null)', async () => {
    const priced = scriptedModel(
      [
        textReply('a', 1000, 500),
        textReply('score: 0.1', 200, 10),
        textReply('lesson', 300, 20),
        textReply('b', 1000, 500),
        textReply('score: 0.9', 200, 10),
      ],
      { provider: 'openai.chat', modelId: 'gpt-4.1-mini' },
    )
    const result = await new Agent({ instructions: 'x', model: priced, architecture: new Reflexion() }).run('task')
    expect(result.usage.agent).toEqual({ inputTokens: 2000, outputTokens: 1000, calls: 2 })
    expect(result.usage.evaluator).toEqual({ inputTokens: 400, outputTokens: 20, calls: 2 })
    expect(result.usage.reflector).toEqual({ inputTokens: 300, outputTokens: 20, calls: 1 })
    expect(result.usage.total).toEqual({ inputTokens: 2700, outputTokens: 1040, calls: 5 })
    expect(result.usage.costUsd).toBeCloseTo((2700 * 0.4 + 1040 * 1.6) / 1e6, 12)
    const unknown = await new Agent({
      instructions: 'x',
      model: scriptedModel([textReply('a'), textReply('score: 1')]),
      architecture: new Reflexion(),
    }).run('task')
    expect(unknown.usage.costUsd).toBeNull()
  })

  it('checks the budget once per attempt: warning, then exceeded stops the run', async () => {
    const model = scriptedModel([
      textReply('a1', 100, 0),
      textReply('score: 0', 100, 0),
      textReply('lesson one', 100, 0),
      textReply('a2', 100, 0),
      textReply('score: 0', 100, 0),
      textReply('lesson two', 100, 0),
    ])
    const result = await new Agent({
      instructions: 'x',
      model,
      architecture: new Reflexion({ maxAttempts: 5 }),
      budget: { maxTokens: 500, warnAt: 0.5 },
    }).run('task')
    expect(typesOf(result.events).filter((type) => type.startsWith('run.budget'))).toEqual([
      'run.budget_warning',
      'run.budget_exceeded',
    ])
    const [firstStarted, secondStarted] = result.events.filter((event) => event.type === 'reflexion.attempt_started')
    const warning = result.events.find((event) => event.type === 'run.budget_warning')!
    const exceeded = result.events.find((event) => event.type === 'run.budget_exceeded')!
    expect(warning).toMatchObject({
      metric: 'tokens',
      used: 300,
      limit: 500,
      cause: { index: firstStarted.index, handler: 'budget' },
    })
    expect(exceeded).toMatchObject({ used: 600, cause: { index: secondStarted.index, handler: 'budget' } })
    expect(result.events.at(-2)).toMatchObject({
      type: 'run.interrupted',
      reason: 'budget_exceeded',
      cause: { index: exceeded.index, handler: 'budget' },
    })
    expect(result.attempts).toBe(2)
  })

  it('cancellation via AbortSignal stops at the next step with reason cancelled', async () => {
    const controller = new AbortController()
    const model = scriptedModel([
      () => {
        controller.abort()
        return textReply('a1')
      },
    ])
    const result = await new Agent({ instructions: 'x', model, architecture: new Reflexion() }).run('task', {
      signal: controller.signal,
    })
    expect(result.interrupted).toBe(true)
    expect(result.interruptionReason).toBe('cancelled')
    const interrupted = result.events.at(-2)!
    expect(interrupted).toMatchObject({
      type: 'run.interrupted',
      reason: 'cancelled',
      cause: { kind: 'handler', index: interrupted.index - 1, handler: 'reflexion' },
    })
    expect(typesOf(result.events)).not.toContain('reflexion.evaluated')
  })

  it('seed: numbers events after the caller-written run.submitted and points causes at it', async () => {
    const result = await new Agent({
      instructions: 'x',
      model: scriptedModel([textReply('a'), textReply('score: 1')]),
      architecture: new Reflexion(),
    }).run('task', { seed: { index: 0 } })
    expect(result.events[0]).toMatchObject({
      type: 'reflexion.attempt_started',
      index: 1,
      cause: { kind: 'handler', index: 0, handler: 'reflexion' },
    })
    expect(typesOf(result.events)).not.toContain('run.submitted')
    expect(logProblems(result.events, 1)).toEqual([])
  })

  it('onEvent is awaited in order; if it throws the run stops and the error propagates', async () => {
    const seen: number[] = []
    const ok = await new Agent({
      instructions: 'x',
      model: scriptedModel([textReply('a'), textReply('score: 1')]),
      architecture: new Reflexion(),
    }).run('task', {
      onEvent: async (event) => {
        await new Promise((resolve) => setTimeout(resolve, 1))
        seen.push(event.index)
      },
    })
    expect(seen).toEqual(ok.events.map((event) => event.index))
    const model = scriptedModel([textReply('a'), textReply('score: 1')])
    const failing = new Agent({ instructions: 'x', model, architecture: new Reflexion() }).run('task', {
      onEvent: (event) => {
        if (event.type === 'agent.model_called') throw new Error('database down')
      },
    })
    await expect(failing).rejects.toThrow('database down')
    expect(model.doGenerateCalls).toHaveLength(1)
  })

  it('stream yields the same events as run, as they happen', async () => {
    const script = () =>
      scriptedModel([
        textReply('a1'),
        textReply('score: 0.2'),
        textReply('lesson'),
        textReply('a2'),
        textReply('score: 0.9'),
      ])
    const clock = () => new Date('2025-01-01T00:00:00Z')
    const streamed: EngineEvent[] = []
    for await (const event of new Agent({
      instructions: 'x',
      model: script(),
      architecture: new Reflexion(),
      clock,
    }).stream('task', { runId: 'r' }))
      streamed.push(event)
    const ran = await new Agent({ instructions: 'x', model: script(), architecture: new Reflexion(), clock }).run(
      'task',
      { runId: 'r' },
    )
    expect(streamed).toEqual(ran.events)
  })

  it('a plain ReAct agent runs once and finishes', async () => {
    const result = await new Agent({ instructions: 'x', model: scriptedModel([textReply('hello')]) }).run('hi')
    expect(typesOf(result.events)).toEqual([
      'run.submitted',
      'agent.model_called',
      'agent.output_produced',
      'run.finished',
    ])
    expect(result).toMatchObject({ output: 'hello', status: 'succeeded', attempts: 1, turns: 1, bestScore: null })
  })
})
