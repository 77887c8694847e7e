import { embed, generateText, streamText } from 'ai'
import { afterEach, describe, expect, it } from 'vitest'
import { resolveEmbeddingModel, resolveModel } from '@/lib/adapters/models/resolve'
import { TruncatedStreamError, isRetryableError, withRetry, type RetryInfo } from '@/lib/core/reflexion/retry'
import { staticSecrets } from '@/lib/adapters/models/secrets'
import { startOpenAIServer, type ChatStep, type OpenAIServer } from '../support/openai-server'

let server: OpenAIServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function retryingModel(steps: ChatStep[], options: { maxRetries?: number } = {}) {
  server = await startOpenAIServer(steps)
  const secrets = staticSecrets({ COMPATIBLE_BASE_URL: server.url, COMPATIBLE_API_KEY: 'fake-key-streaming-123456' })
  const retries: RetryInfo[] = []
  const model = withRetry(await resolveModel('compatible:stream-model', secrets), {
    sleep: async () => undefined,
    onRetry: (info) => {
      retries.push(info)
    },
    ...options,
  })
  return { model, retries, secrets }
}

async function streamedText(
  model: Awaited<ReturnType<typeof retryingModel>>['model'],
): Promise<{ text: string; errors: unknown[] }> {
  const errors: unknown[] = []
  const result = streamText({
    model,
    prompt: 'Plan a walk.',
    maxRetries: 0,
    onError: ({ error }) => {
      errors.push(error)
    },
  })
  let text = ''
  for await (const delta of result.textStream) text += delta
  return { text, errors }
}

describe('streaming faults (SSE against a local server)', () => {
  it('streams a whole reply through the retry wrapper', async () => {
    const { model, retries } = await retryingModel([{ text: 'West Lake, then the Tea Museum.' }])
    expect(await streamedText(model)).toEqual({ text: 'West Lake, then the Tea Museum.', errors: [] })
    expect(retries).toEqual([])
    expect(server!.requests[0].stream).toBe(true)
  })

  it('retries a stream cut mid-reply (no finish, no [DONE]) instead of returning the partial text', async () => {
    const { model, retries } = await retryingModel([
      { fault: 'truncated', text: 'A partial plan that stops here' },
      { text: 'The complete plan.' },
    ])
    const { text, errors } = await streamedText(model)
    expect(text).toBe('The complete plan.')
    expect(errors).toEqual([])
    expect(retries).toHaveLength(1)
    expect(retries[0].error).toContain('model stream ended before it was complete')
  })

  it('retries a stream carrying a malformed chunk', async () => {
    const { model, retries } = await retryingModel([{ fault: 'malformed' }, { text: 'Fine now.' }])
    expect((await streamedText(model)).text).toBe('Fine now.')
    expect(retries).toHaveLength(1)
  })

  it('surfaces an error, never a partial answer, when every stream is cut', async () => {
    const { model, retries } = await retryingModel(
      [
        { fault: 'truncated', text: 'Partial one' },
        { fault: 'truncated', text: 'Partial two' },
      ],
      { maxRetries: 1 },
    )
    const { text, errors } = await streamedText(model)
    expect(text).toBe('')
    expect(errors).toHaveLength(1)
    expect(errors[0]).toBeInstanceOf(TruncatedStreamError)
    expect(retries).toHaveLength(1)
  })

  it('a plain (non-streaming) reply cut mid-body is retried', async () => {
    const { model, retries } = await retryingModel([{ fault: 'truncated' }, { text: 'Whole.' }])
    const result = await generateText({ model, prompt: 'Plan a walk.', maxRetries: 0 })
    expect(result.text).toBe('Whole.')
    expect(retries).toHaveLength(1)
  })

  it('serves embeddings for compatible: embedding models', async () => {
    const { secrets } = await retryingModel([])
    const model = await resolveEmbeddingModel('compatible:embed-model', secrets)
    const { embedding } = await embed({ model, value: 'easy walk', maxRetries: 0 })
    expect(embedding).toHaveLength(8)
    expect(server!.requests[0].path).toBe('/v1/embeddings')
  })

  it('classifies a truncated stream as retryable', () => {
    expect(isRetryableError(new TruncatedStreamError('no finish part'))).toBe(true)
  })
})
