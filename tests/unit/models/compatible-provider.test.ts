import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engineModelOptions } from '@/lib/adapters/models/engine-models'
import { staticSecrets } from '@/lib/adapters/models/secrets'
import { Agent, Reflexion } from '@/lib/core/reflexion'

/** A local server speaking /v1/chat/completions: fails once with 503, then answers from a script. */
function startServer(replies: string[]): Promise<{ server: Server; url: string; bodies: unknown[] }> {
  const bodies: unknown[] = []
  let failedOnce = false
  const server = createServer((request, response) => {
    let raw = ''
    request.on('data', (chunk) => (raw += chunk))
    request.on('end', () => {
      if (!failedOnce) {
        failedOnce = true
        response
          .writeHead(503, { 'content-type': 'application/json', 'retry-after': '0' })
          .end('{"error":{"message":"overloaded"}}')
        return
      }
      bodies.push(JSON.parse(raw))
      const content = replies.shift() ?? 'score: 0'
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'x',
          object: 'chat.completion',
          created: 0,
          model: 'local',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 },
        }),
      )
    })
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, bodies }),
    ),
  )
}

describe('real provider path (compatible: against a local server)', () => {
  let local: Awaited<ReturnType<typeof startServer>>
  beforeAll(async () => {
    local = await startServer([
      '5 stops',
      'score: 2/10 too many',
      '{"lesson":"At most 3 stops."}',
      '3 stops',
      'score: 9/10',
    ])
  })
  afterAll(() => local.server.close())

  it('resolves a model string with the secrets backend, retries the 503, and learns', async () => {
    const agent = new Agent({
      instructions: 'Plan tours.',
      model: 'compatible:local-model',
      architecture: new Reflexion(),
      ...(await engineModelOptions(
        staticSecrets({ COMPATIBLE_BASE_URL: local.url, COMPATIBLE_API_KEY: 'sk-local-secret-123456' }),
      )),
      retry: { sleep: async () => undefined },
    })
    const result = await agent.run('Plan an easy walk.')
    expect(result.status).toBe('succeeded')
    expect(result.events.filter((event) => event.type === 'run.retried')).toHaveLength(1)
    expect(result.usage.total).toEqual({ inputTokens: 60, outputTokens: 15, calls: 5 })
    expect(JSON.stringify(local.bodies[3])).toContain('At most 3 stops.')
    expect(JSON.stringify(result.events)).not.toContain('sk-local-secret')
  })
})
