// A local HTTP server speaking the OpenAI chat-completions (plain and SSE) and embeddings protocol,
// with scripted failures per model name, to drive the real provider code path offline.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the server does for a model on its n-th request (1-based). */
export type Behaviour = (
  request: number,
) => { status: number; headers?: Record<string, string>; delayMs?: number } | 'ok'

export type FakeOpenAI = { baseUrl: string; requests: Map<string, number>; close(): Promise<void> }

function reply(system: string): string {
  return /evaluator/i.test(system)
    ? 'score: 0.9\nThe answer addresses the task.'
    : 'Walk along the river, then rest in the park: a relaxed plan.'
}

/** Starts the server on 127.0.0.1 at a random port. */
export async function startFakeOpenAI(behaviours: Record<string, Behaviour>): Promise<FakeOpenAI> {
  const requests = new Map<string, number>()
  const server = http.createServer(async (request, response) => {
    let body = ''
    for await (const chunk of request) body += chunk
    const input = JSON.parse(body || '{}')
    const model: string = input.model ?? ''
    const count = (requests.get(model) ?? 0) + 1
    requests.set(model, count)
    const outcome = behaviours[model]?.(count) ?? 'ok'
    if (outcome !== 'ok') {
      if (outcome.delayMs) await new Promise((resolve) => setTimeout(resolve, outcome.delayMs))
      if (response.destroyed) return
      response.writeHead(outcome.status, { 'content-type': 'application/json', ...outcome.headers })
      return response.end(JSON.stringify({ error: { message: `scripted ${outcome.status}`, type: 'server_error' } }))
    }
    if (request.url?.endsWith('/embeddings')) {
      const values: string[] = Array.isArray(input.input) ? input.input : [input.input]
      const data = values.map((text, index) => ({
        object: 'embedding',
        index,
        embedding: Array.from(
          { length: 8 },
          (_, position) => ((text.charCodeAt(position % text.length) || 1) % 7) + position / 10,
        ),
      }))
      response.writeHead(200, { 'content-type': 'application/json' })
      return response.end(JSON.stringify({ object: 'list', data, model, usage: { prompt_tokens: 3, total_tokens: 3 } }))
    }
    const system = (input.messages ?? [])
      .filter((message: { role: string }) => message.role === 'system')
      .map((message: { content: string }) => message.content)
      .join('\n')
    const content = reply(system)
    const usage = { prompt_tokens: 20, completion_tokens: 10, total_tokens: 30 }
    if (input.stream) {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      const base = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model }
      for (const word of content.split(' '))
        response.write(
          `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: `${word} ` }, finish_reason: null }] })}\n\n`,
        )
      response.write(
        `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage })}\n\n`,
      )
      return response.end('data: [DONE]\n\n')
    }
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage,
      }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  }
}
