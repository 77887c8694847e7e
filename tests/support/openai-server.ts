/**
 * A local fake of the OpenAI HTTP protocol for tests: `/v1/chat/completions` (plain JSON and SSE when
 * the request says `stream: true`) and `/v1/embeddings`, on 127.0.0.1 at a random port. Each request
 * takes the next step of a script: a text reply, tool calls, or a fault.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One scripted answer to one chat request. */
export type ChatStep =
  | { text: string; inputTokens?: number; outputTokens?: number }
  | { toolCalls: { name: string; arguments: unknown; id?: string }[] }
  /** An HTTP error; a 401 echoes the caller's key in its message, as real providers do. */
  | { fault: 'status'; status: number; headers?: Record<string, string>; message?: string }
  /** Waits `delayMs` before answering with `then` (default: a text reply); the wait ends if the client leaves. */
  | { fault: 'slow'; delayMs: number; then?: ChatStep }
  /** A 200 whose body is not valid JSON (or, when streaming, an SSE chunk that is not JSON). */
  | { fault: 'malformed' }
  /** Sends part of the reply and closes the connection: no finish chunk, no [DONE]. */
  | { fault: 'truncated'; text?: string }

/** What the server saw for one request. */
export type RecordedRequest = {
  path: string
  body: Record<string, unknown>
  authorization: string | undefined
  stream: boolean
}

/** A running fake server. `url` is the base URL to configure (`…/v1`). */
export type OpenAIServer = {
  url: string
  requests: RecordedRequest[]
  /** Appends steps to the chat script. */
  script(...steps: ChatStep[]): void
  /** Steps not used yet. */
  remaining(): number
  close(): Promise<void>
}

type TextStep = { text: string; inputTokens?: number; outputTokens?: number }
const isText = (step: ChatStep): step is TextStep => 'text' in step && !('fault' in step)

const usageOf = (inputTokens = 12, outputTokens = 3) => ({
  prompt_tokens: inputTokens,
  completion_tokens: outputTokens,
  total_tokens: inputTokens + outputTokens,
})

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body))
}

function messageOf(step: ChatStep): Record<string, unknown> {
  if ('toolCalls' in step) {
    return {
      role: 'assistant',
      content: null,
      tool_calls: step.toolCalls.map((call, position) => ({
        id: call.id ?? `call_${position}`,
        type: 'function',
        function: { name: call.name, arguments: JSON.stringify(call.arguments) },
      })),
    }
  }
  return { role: 'assistant', content: isText(step) ? step.text : 'ok' }
}

function completion(step: ChatStep, model: string): Record<string, unknown> {
  const finish = 'toolCalls' in step ? 'tool_calls' : 'stop'
  const usage = isText(step) ? usageOf(step.inputTokens, step.outputTokens) : usageOf()
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 0,
    model,
    choices: [{ index: 0, message: messageOf(step), finish_reason: finish }],
    usage,
  }
}

const chunk = (model: string, delta: Record<string, unknown>, finish: string | null, usage?: unknown) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }], ...(usage !== undefined && { usage }) })}\n\n`

/** The text of a reply split in two, so a stream has more than one delta. */
function halves(text: string): [string, string] {
  const middle = Math.ceil(text.length / 2)
  return [text.slice(0, middle), text.slice(middle)]
}

function stream(response: ServerResponse, step: ChatStep, model: string): void {
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  })
  if ('toolCalls' in step) {
    const message = messageOf(step) as { tool_calls: { id: string; function: { name: string; arguments: string } }[] }
    message.tool_calls.forEach((call, index) =>
      response.write(chunk(model, { role: 'assistant', tool_calls: [{ index, ...call, type: 'function' }] }, null)),
    )
    response.end(chunk(model, {}, 'tool_calls', usageOf()) + 'data: [DONE]\n\n')
    return
  }
  const text = isText(step) ? step.text : 'ok'
  for (const part of halves(text)) response.write(chunk(model, { role: 'assistant', content: part }, null))
  const usage = isText(step) ? usageOf(step.inputTokens, step.outputTokens) : usageOf()
  response.end(chunk(model, {}, 'stop', usage) + 'data: [DONE]\n\n')
}

function answer(
  request: IncomingMessage,
  response: ServerResponse,
  step: ChatStep,
  body: Record<string, unknown>,
): void {
  const model = String(body.model ?? 'fake')
  const streaming = body.stream === true
  if (!('fault' in step))
    return streaming ? stream(response, step, model) : json(response, 200, completion(step, model))
  switch (step.fault) {
    case 'status': {
      const key = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '')
      const message =
        step.message ??
        (step.status === 401 ? `Incorrect API key provided: ${key}` : `fake server fault ${step.status}`)
      return json(response, step.status, { error: { message, type: 'fake_fault', code: step.status } }, step.headers)
    }
    case 'slow': {
      const timer = setTimeout(
        () => answer(request, response, step.then ?? { text: 'late answer' }, body),
        step.delayMs,
      )
      response.on('close', () => clearTimeout(timer))
      return
    }
    case 'malformed':
      if (streaming) {
        response.writeHead(200, { 'content-type': 'text/event-stream' })
        response.end('data: {"id": "chatcmpl-fake", "choices": [\n\n')
        return
      }
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"id": "chatcmpl-fake", "choices": [{"message": ')
      return
    case 'truncated': {
      const text = step.text ?? 'A partial answer that never fini'
      if (streaming) {
        response.writeHead(200, { 'content-type': 'text/event-stream' })
        response.write(chunk(model, { role: 'assistant', content: halves(text)[0] }, null), () => response.destroy())
        return
      }
      const full = JSON.stringify(completion({ text }, model))
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(full.length) })
      response.write(full.slice(0, Math.floor(full.length / 2)), () => response.destroy())
    }
  }
}

/** The fake's own vector of a text: deterministic, from its characters, meaningless. */
function characterVector(text: string, size: number): number[] {
  return Array.from(
    { length: size },
    (_, position) => ((text.charCodeAt(position % Math.max(1, text.length)) || 1) % 17) / 17,
  )
}

/** What the embeddings route does besides the character vectors: a test's own vectors (a scripted model). */
export type EmbeddingOptions = { embed?: (text: string) => number[] }

/**
 * Vectors from `options.embed`, or from the characters of each input (8 dimensions, or the request's
 * `dimensions`); the model `unavailable` answers 503 (a provider outage, for fallback tests) and
 * `rejects-key` 401 with the key in its message.
 */
function embeddings(
  response: ServerResponse,
  body: Record<string, unknown>,
  authorization: string | undefined,
  options: EmbeddingOptions,
): void {
  if (body.model === 'unavailable') return json(response, 503, { error: { message: 'embedding model overloaded' } })
  // As real providers do: the rejected key comes back in the error message.
  if (body.model === 'rejects-key')
    return json(response, 401, {
      error: { message: `Incorrect API key provided: ${authorization?.replace(/^Bearer /, '')}` },
    })
  const inputs = Array.isArray(body.input) ? body.input : [body.input]
  const size = Number.isInteger(body.dimensions) && Number(body.dimensions) > 0 ? Number(body.dimensions) : 8
  const data = inputs.map((input, index) => {
    const text = String(input)
    return { object: 'embedding', index, embedding: options.embed?.(text) ?? characterVector(text, size) }
  })
  json(response, 200, {
    object: 'list',
    data,
    model: String(body.model ?? 'fake'),
    usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
  })
}

/**
 * Starts the server; `steps` are the first chat replies. A request with no step left gets a 418 that
 * says so. Embeddings are the text's characters unless `options.embed` scripts them.
 */
export function startOpenAIServer(steps: ChatStep[] = [], options: EmbeddingOptions = {}): Promise<OpenAIServer> {
  const script = [...steps]
  const requests: RecordedRequest[] = []
  const server = createServer((request, response) => {
    let raw = ''
    request.on('data', (part) => (raw += part))
    request.on('end', () => {
      let body: Record<string, unknown> = {}
      try {
        body = raw === '' ? {} : (JSON.parse(raw) as Record<string, unknown>)
      } catch {
        return json(response, 400, { error: { message: 'request body is not JSON' } })
      }
      const path = (request.url ?? '').split('?')[0]
      requests.push({ path, body, authorization: request.headers.authorization, stream: body.stream === true })
      if (path.endsWith('/embeddings')) return embeddings(response, body, request.headers.authorization, options)
      if (!path.endsWith('/chat/completions')) return json(response, 404, { error: { message: `no route ${path}` } })
      const step = script.shift()
      if (!step)
        return json(response, 418, {
          error: { message: `fake server: no scripted reply left for request ${requests.length}` },
        })
      answer(request, response, step, body)
    })
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}/v1`,
        requests,
        script: (...more) => script.push(...more),
        remaining: () => script.length,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections()
            server.close(() => done())
          }),
      })
    })
  })
}
