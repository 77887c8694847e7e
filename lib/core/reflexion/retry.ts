import { APICallError, type LanguageModelV4, type LanguageModelV4StreamPart } from '@ai-sdk/provider'

/** What the retry wrapper reports before it waits and tries again. */
export type RetryInfo = { retry: number; delayMs: number; error: string; statusCode?: number }

/** Retry policy for provider calls; `sleep` is injectable so tests do not wait. */
export type RetryOptions = {
  maxRetries?: number
  baseDelayMs?: number
  timeoutMs?: number
  maxDelayMs?: number
  onRetry?: (info: RetryInfo) => void | Promise<void>
  sleep?: (milliseconds: number) => Promise<void>
}

/** A provider call that did not answer within the timeout. */
export class ModelTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`model call timed out after ${timeoutMs} ms`)
    this.name = 'ModelTimeoutError'
  }
}

/** A streamed reply that ended before it was complete (no finish, an error part, or a dropped connection). */
export class TruncatedStreamError extends Error {
  constructor(readonly detail: string) {
    super(`model stream ended before it was complete: ${detail}`)
    this.name = 'TruncatedStreamError'
  }
}

const defaultSleep = (milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds))

/**
 * Whether an error is worth retrying: 408/409/429/5xx, network failures, timeouts, truncated streams
 * and a 2xx reply whose body could not be read (malformed JSON, cut connection); never 400/401.
 */
export function isRetryableError(error: unknown): boolean {
  if (error instanceof ModelTimeoutError || error instanceof TruncatedStreamError) return true
  if (APICallError.isInstance(error)) {
    const status = error.statusCode
    if (status === undefined) return error.isRetryable
    return status === 408 || status === 409 || status === 429 || status >= 500 || (status >= 200 && status < 300)
  }
  return false
}

/** The delay asked for by a `retry-after` / `retry-after-ms` header, in milliseconds. */
export function retryAfterMs(error: unknown, now: () => number = Date.now): number | undefined {
  if (!APICallError.isInstance(error) || error.responseHeaders === undefined) return undefined
  const headers = Object.fromEntries(
    Object.entries(error.responseHeaders).map(([key, value]) => [key.toLowerCase(), value]),
  )
  const milliseconds = Number(headers['retry-after-ms'])
  if (headers['retry-after-ms'] !== undefined && Number.isFinite(milliseconds)) return Math.max(0, milliseconds)
  const value = headers['retry-after']
  if (value === undefined) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now())
}

async function withTimeout<T>(
  call: (signal: AbortSignal) => PromiseLike<T>,
  caller: AbortSignal | undefined,
  timeoutMs: number,
): Promise<T> {
  const timeout = AbortSignal.timeout(timeoutMs)
  const signal = caller ? AbortSignal.any([caller, timeout]) : timeout
  const timedOut = new Promise<never>((_, reject) => {
    timeout.addEventListener('abort', () => reject(new ModelTimeoutError(timeoutMs)), { once: true })
  })
  timedOut.catch(() => undefined)
  try {
    return await Promise.race([call(signal), timedOut])
  } catch (error) {
    if (timeout.aborted && !caller?.aborted) throw new ModelTimeoutError(timeoutMs)
    throw error
  }
}

function describeStreamError(error: unknown): string {
  return error instanceof Error ? error.message : typeof error === 'string' ? error : 'error part'
}

/** Reads a whole stream; a stream without a clean finish becomes a TruncatedStreamError. */
async function readCompleteStream(
  stream: ReadableStream<LanguageModelV4StreamPart>,
): Promise<LanguageModelV4StreamPart[]> {
  const parts: LanguageModelV4StreamPart[] = []
  const reader = stream.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      if (value.type === 'error') throw new TruncatedStreamError(describeStreamError(value.error))
      parts.push(value)
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined)
    if (error instanceof TruncatedStreamError) throw error
    if (error instanceof Error && error.name === 'AbortError') throw error
    throw new TruncatedStreamError(describeStreamError(error))
  }
  const finish = parts.findLast((part) => part.type === 'finish')
  if (!finish) throw new TruncatedStreamError('no finish part')
  if (finish.finishReason.unified === 'error') throw new TruncatedStreamError('finish reason error')
  return parts
}

function replay(parts: LanguageModelV4StreamPart[]): ReadableStream<LanguageModelV4StreamPart> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part)
      controller.close()
    },
  })
}

/**
 * Wraps a language model so provider errors are retried with exponential backoff (honouring
 * `retry-after`), each call bounded by a timeout. Non-retryable errors and cancellations pass through.
 * Streams are buffered to completion, so a truncated stream is retried, never returned half-done.
 */
export function withRetry(model: LanguageModelV4, options: RetryOptions = {}): LanguageModelV4 {
  const {
    maxRetries = 2,
    baseDelayMs = 500,
    timeoutMs = 60_000,
    maxDelayMs = 60_000,
    onRetry,
    sleep = defaultSleep,
  } = options
  async function attempt<T>(
    call: (signal: AbortSignal) => PromiseLike<T>,
    caller: AbortSignal | undefined,
  ): Promise<T> {
    for (let retry = 0; ; retry++) {
      try {
        return await withTimeout(call, caller, timeoutMs)
      } catch (error) {
        if (caller?.aborted || retry >= maxRetries || !isRetryableError(error)) throw error
        const delayMs = Math.min(maxDelayMs, retryAfterMs(error) ?? baseDelayMs * 2 ** retry)
        const statusCode = APICallError.isInstance(error) ? error.statusCode : undefined
        await onRetry?.({
          retry: retry + 1,
          delayMs,
          error: error instanceof Error ? error.message : String(error),
          statusCode,
        })
        await sleep(delayMs)
      }
    }
  }
  return {
    specificationVersion: 'v4',
    provider: model.provider,
    modelId: model.modelId,
    get supportedUrls() {
      return model.supportedUrls
    },
    doGenerate: (callOptions) =>
      attempt((signal) => model.doGenerate({ ...callOptions, abortSignal: signal }), callOptions.abortSignal),
    // A stream is read to its end inside the try (and its timeout) and replayed: a partial answer that was
    // already handed on could not be taken back, so a cut stream is retried instead of passed on.
    doStream: (callOptions) =>
      attempt(async (signal) => {
        const result = await model.doStream({ ...callOptions, abortSignal: signal })
        return { ...result, stream: replay(await readCompleteStream(result.stream)) }
      }, callOptions.abortSignal),
  }
}
