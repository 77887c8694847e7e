// The MCP endpoint driven by the MCP TypeScript SDK's own client over Streamable HTTP (its fetch
// goes to the route handler): an API key with runs:read lists its runs, reads one, queries its log
// with Reflection and gets the diagnosis; another member's or tenant's run is "not found"; a key
// without the scope, a revoked key and a session-less request are refused before any tool runs.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { POST } from '../../../app/api/v1/mcp/route'
import { createApiKey, revokeApiKey } from '../../../lib/services/api-keys/api-keys'
import { createIsolationFixtures, type IsolationTenant } from '../../support/isolation-fixtures'

let a: IsolationTenant
let b: IsolationTenant

beforeAll(async () => {
  ;({ a, b } = await createIsolationFixtures())
})

/** A fetch that hands each request to the route handler, as Next would. */
const inProcessFetch = async (input: string | URL | Request, init?: RequestInit) =>
  POST(new Request(input, init), { params: Promise.resolve({}) })

async function connect(key: string): Promise<Client> {
  const client = new Client({ name: 'test-agent', version: '1.0.0' })
  const transport = new StreamableHTTPClientTransport(new URL('http://localhost/api/v1/mcp'), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
    fetch: inProcessFetch as typeof fetch,
  })
  await client.connect(transport)
  return client
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) =>
  (result.content as { type: string; text: string }[]).map((part) => part.text).join('\n')

describe('MCP endpoint', () => {
  it('lists the four tools and answers them for the runs the key may read', async () => {
    const { secret } = await createApiKey(a.users.memberOne.caller, {
      name: 'agent',
      kind: 'personal',
      scopes: ['runs:read'],
    })
    const client = await connect(secret)
    const tools = await client.listTools()
    expect(tools.tools.map((tool) => tool.name).sort()).toEqual(['explain_run', 'get_run', 'list_runs', 'query_log'])
    const own = a.resources.memberOne
    const listed = textOf(await client.callTool({ name: 'list_runs', arguments: {} }))
    expect(listed).toContain(own.runId)
    expect(listed).not.toContain(a.resources.memberTwo.runId)
    expect(textOf(await client.callTool({ name: 'get_run', arguments: { run_id: own.runId } }))).toContain(
      '"status": "failed"',
    )
    const overview = textOf(
      await client.callTool({ name: 'query_log', arguments: { run_id: own.runId, op: 'overview' } }),
    )
    expect(overview).toMatch(/#\d+/)
    const bad = textOf(await client.callTool({ name: 'query_log', arguments: { run_id: own.runId, op: 'no_such_op' } }))
    expect(bad).toMatch(/error/i)
    const explained = textOf(await client.callTool({ name: 'explain_run', arguments: { run_id: own.runId } }))
    expect(explained).toMatch(/#\d+/)
    for (const foreign of [a.resources.memberTwo.runId, b.resources.memberOne.runId]) {
      for (const name of ['get_run', 'query_log', 'explain_run']) {
        const result = await client.callTool({ name, arguments: { run_id: foreign, op: 'overview' } })
        expect(result.isError, `${name} ${foreign}`).toBe(true)
        expect(textOf(result)).not.toMatch(/zq(run|private|proposal)/)
      }
    }
    await client.close()
  })

  it('support sees the tenant but never the other tenant; refused keys never reach a tool', async () => {
    const { secret } = await createApiKey(a.users.support.caller, {
      name: 'agent',
      kind: 'personal',
      scopes: ['runs:read'],
    })
    const client = await connect(secret)
    const listed = textOf(await client.callTool({ name: 'list_runs', arguments: { limit: 100 } }))
    expect(listed).toContain(a.resources.memberTwo.runId)
    expect(listed).not.toContain(b.resources.memberOne.runId)
    await client.close()

    const lessonsOnly = await createApiKey(a.users.memberOne.caller, {
      name: 'x',
      kind: 'personal',
      scopes: ['lessons:read'],
    })
    await expect(connect(lessonsOnly.secret)).rejects.toThrow(/403/)
    const revoked = await createApiKey(a.users.memberOne.caller, { name: 'y', kind: 'personal', scopes: ['runs:read'] })
    await revokeApiKey(a.users.memberOne.caller, revoked.key.id)
    await expect(connect(revoked.secret)).rejects.toThrow(/401/)
    const anonymous = await inProcessFetch('http://localhost/api/v1/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    })
    expect(anonymous.status).toBe(401)
  })
})
