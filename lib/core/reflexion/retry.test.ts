import { APICallError, type LanguageModelV4GenerateResult } from '@ai-sdk/provider'
import { MockLanguageModelV4 } from 'ai/test'
import { describe, expect, it } from 'vitest'
import { ModelTimeoutError, isRetryableError, retryAfterMs, withRetry, type RetryInfo } from './retry'

const ok: LanguageModelV4GenerateResult = {
  content: [{ type: 'text', text: 'ok' }],
  finishReason: { unified: 'stop', raw: 'stop' },
  usage: {
    inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 1, text: 1, reasoning: 0 },
  },
  warnings: [],
}
const apiError = (statusCode: number, responseHeaders: Record<string, string> = {}) =>
  new APICallError({
    message: `HTTP ${statusCode}`,
    url: 'http://x',
    requestBodyValues: {},
    statusCode,
    responseHeaders,
  })

function failingThen(errors: Error[]) {
  let call = 0
  return new MockLanguageModelV4({
    doGenerate: async () => {
      const error = errors[call++]
      if (error) throw error
      return ok
    },
  })
}

const callOptions = { prompt: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }] }

describe('withRetry', () => {
  it('retries a 500 then succeeds, with exponential backoff and onRetry before each wait', async () => {
    const model = failingThen([apiError(500), apiError(502)])
    const sleeps: number[] = []
    const infos: RetryInfo[] = []
    const wrapped = withRetry(model, {
      baseDelayMs: 100,
      sleep: async (milliseconds) => {
        sleeps.push(milliseconds)
      },
      onRetry: (info) => {
        infos.push(info)
      },
    })
    const result = await wrapped.doGenerate(callOptions)
    expect(result.content).toEqual(ok.content)
    expect(model.doGenerateCalls).toHaveLength(3)
    expect(sleeps).toEqual([100, 200])
    expect(infos.map((info) => [info.retry, info.statusCode])).toEqual([
      [1, 500],
      [2, 502],
    ])
    expect(wrapped.modelId).toBe(model.modelId)
  })

  it('honours retry-after on a 429', async () => {
    const sleeps: number[] = []
    const wrapped = withRetry(failingThen([apiError(429, { 'Retry-After': '3' })]), {
      sleep: async (milliseconds) => {
        sleeps.push(milliseconds)
      },
    })
    await wrapped.doGenerate(callOptions)
    expect(sleeps).toEqual([3000])
    expect(retryAfterMs(apiError(429, { 'retry-after-ms': '250' }))).toBe(250)
    expect(retryAfterMs(apiError(429, { 'retry-after': new Date(10_000).toUTCString() }), () => 4_000)).toBe(6_000)
  })

  it('does not retry 400 or 401', async () => {
    for (const status of [400, 401]) {
      const model = failingThen([apiError(status)])
      const sleeps: number[] = []
      await expect(
        withRetry(model, {
          sleep: async (milliseconds) => {
            sleeps.push(milliseconds)
          },
        }).doGenerate(callOptions),
      ).rejects.toThrow(`HTTP ${status}`)
      expect(model.doGenerateCalls).toHaveLength(1)
      expect(sleeps).toEqual([])
    }
  })

  it('gives up after maxRetries and rethrows the last error', async () => {
    const model = failingThen([apiError(500), apiError(500), apiError(500)])
    await expect(
      withRetry(model, { maxRetries: 1, sleep: async () => undefined }).doGenerate(callOptions),
    ).rejects.toThrow('HTTP 500')
    expect(model.doGenerateCalls).toHaveLength(2)
  })

  it('times out a hanging call and retries it', async () => {
    let call = 0
    const model = new MockLanguageModelV4({
      doGenerate: (options) => {
        call++
        if (call === 1)
          return new Promise((_, reject) =>
            options.abortSignal?.addEventListener('abort', () => reject(new Error('aborted'))),
          )
        return Promise.resolve(ok)
      },
    })
    const infos: RetryInfo[] = []
    const result = await withRetry(model, {
      timeoutMs: 20,
      sleep: async () => undefined,
      onRetry: (info) => {
        infos.push(info)
      },
    }).doGenerate(callOptions)
    expect(result.content).toEqual(ok.content)
    expect(infos[0].error).toContain('timed out after 20 ms')
  })

  it('does not retry when the caller aborted', async () => {
    const controller = new AbortController()
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        controller.abort()
        throw apiError(503)
      },
    })
    await expect(
      withRetry(model, { sleep: async () => undefined }).doGenerate({ ...callOptions, abortSignal: controller.signal }),
    ).rejects.toThrow('HTTP 503')
    expect(model.doGenerateCalls).toHaveLength(1)
  })

  it('classifies errors', () => {
    expect(isRetryableError(apiError(503))).toBe(true)
    expect(isRetryableError(apiError(429))).toBe(true)
    expect(isRetryableError(apiError(400))).toBe(false)
    expect(isRetryableError(new ModelTimeoutError(5))).toBe(true)
    expect(isRetryableError(new Error('bug'))).toBe(false)
  })
})
