// A stored task with tools, end to end on PostgreSQL: a member submits through the real submitTask
// path, the run stores the chosen tools, a worker executes it against a real MCP server (Streamable
// HTTP on 127.0.0.1, with a secret header) and a scripted OpenAI-compatible provider. The server, not
// the form, decides at execution time: a tool disabled after submission or never chosen is not run.
// Another tenant sees none of the tools, their secrets or their output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getPrisma } from '../../../lib/adapters/db/client'
import { serializeJsonl } from '../../../lib/core/events/jsonl'
import { DEMO_TOOL_SCENARIOS } from '../../../lib/adapters/models/demo/scenarios'
import { saveProviderKey } from '../../../lib/services/admin/provider-keys'
import type { RunWorker } from '../../../lib/services/runs/run-worker'
import { submitTaskDraft } from '../../../lib/services/runs/submit-task'
import { addMcpServer } from '../../../lib/services/tools/mcp-servers'
import { getToolRegistry, listSelectableTools } from '../../../lib/services/tools/tool-catalog'
import { setToolEnabled } from '../../../lib/services/tools/tool-switches'
import { startMcpHttpServer, type TestMcpHttpServer } from '../../support/mcp-http-server'
import { startOpenAIServer, type OpenAIServer, type RecordedRequest } from '../../support/openai-server'
import { allowOutbound, createTenantWithUsers, type TestTenant } from '../helpers'
import { startTestWorker, storedEvents, waitForRun } from './run-helpers'

/** The MCP server's credential: only tenant A's registration holds it, encrypted. */
const HEADER_SECRET = 'lab-header-secret-7c1e94ab'
/** What tenant A's tool call sends and gets back: it must never show up anywhere tenant B can see. */
const MARKER = 'tenant-a-private-fact-5e2b'
const KEY_A = 'sk-tenant-a-3f9d0c11'
const KEY_B = 'sk-tenant-b-8a47e2d6'

let mcp: TestMcpHttpServer
let provider: OpenAIServer
let a: TestTenant
let b: TestTenant
let worker: RunWorker | undefined
const undo: (() => void)[] = []

beforeAll(async () => {
  mcp = await startMcpHttpServer({ requireHeader: { name: 'x-lab-key', value: HEADER_SECRET } })
  provider = await startOpenAIServer([])
  undo.push(allowOutbound(mcp.url), allowOutbound(provider.url))
  ;[a, b] = [await createTenantWithUsers(), await createTenantWithUsers()]
  await saveProviderKey(a.admin.caller, { provider: 'compatible', apiKey: KEY_A, baseUrl: provider.url })
  await saveProviderKey(b.admin.caller, { provider: 'compatible', apiKey: KEY_B, baseUrl: provider.url })
  const { check } = await addMcpServer(a.admin.caller, {
    name: 'lab',
    url: mcp.url,
    headers: `x-lab-key: ${HEADER_SECRET}`,
  })
  expect(check).toMatchObject({ ok: true })
  for (const name of ['lab__echo', 'lab__fail', 'lab__headers', 'lab__wipe'])
    await setToolEnabled(a.admin.caller, name, true)
  await setToolEnabled(b.admin.caller, 'current_time', true)
})
afterAll(async () => {
  await worker?.stop()
  await mcp?.stop()
  await provider?.close()
  for (const step of undo) step()
})

/** The worker starts on first use, so a test can change the registry between submission and execution. */
async function runWorker(): Promise<void> {
  worker ??= await startTestWorker()
}

/** A one-attempt task on the scripted provider, checked by a fixed word (no evaluator model call). */
const toolTask = (tools: string[], prompt = 'Look the record up with the lab tools and answer.') => ({
  prompt,
  tools,
  models: { agent: 'compatible:main' },
  evaluator: { kind: 'contains' as const, expected: 'answered' },
  reflexion: { maxAttempts: 1 },
})

/** The chat requests a tenant's key made, in order. */
const requestsWith = (key: string): RecordedRequest[] =>
  provider.requests.filter(
    (request) => request.authorization === `Bearer ${key}` && request.path.endsWith('/chat/completions'),
  )

const offeredTools = (request: RecordedRequest): string[] =>
  ((request.body.tools as { function: { name: string } }[] | undefined) ?? []).map((tool) => tool.function.name)

/** The tool_returned payloads of a run, in order. */
async function toolResults(runId: string) {
  return (await storedEvents(runId))
    .filter((event) => event.type === 'agent.tool_returned')
    .map((event) => event.payload as Record<string, unknown>)
}

describe('a stored task with tools, executed by the worker', () => {
  it('refuses at execution a chosen tool that an admin disabled after the submission', async () => {
    const { runId } = await submitTaskDraft(a.member.caller, toolTask(['lab__echo']))
    await setToolEnabled(a.admin.caller, 'lab__echo', false)
    provider.script(
      { toolCalls: [{ name: 'lab__echo', arguments: { text: MARKER } }] },
      { text: 'I could not look it up; answered without it.' },
    )
    const before = provider.requests.length
    await runWorker()
    const run = await waitForRun(runId)
    await setToolEnabled(a.admin.caller, 'lab__echo', true)
    expect(run.status).toBe('succeeded')
    expect((run.config as { tools?: string[] }).tools).toEqual(['lab__echo'])
    expect(offeredTools(provider.requests[before])).toEqual([])
    expect(await toolResults(runId)).toEqual([
      expect.objectContaining({
        toolName: 'lab__echo',
        isError: true,
        error:
          "tool 'lab__echo' is not available to this run: it was chosen for the task but an admin has disabled it since",
      }),
    ])
    expect(mcp.calls.echo ?? 0).toBe(0)
  })

  it('stores the chosen tools, runs them against the MCP server, and records calls, results and a failure', async () => {
    await runWorker()
    const { runId } = await submitTaskDraft(a.member.caller, toolTask(['lab__echo', 'lab__fail', 'lab__echo']))
    const prisma = await getPrisma()
    const stored = await prisma.run.findUniqueOrThrow({ where: { id: runId } })
    expect((stored.config as { tools?: string[] }).tools).toEqual(['lab__echo', 'lab__fail'])
    provider.script(
      { toolCalls: [{ name: 'lab__echo', arguments: { text: MARKER } }] },
      { toolCalls: [{ name: 'lab__fail', arguments: { text: 'x' } }] },
      { text: `The record: ${MARKER}; answered.` },
    )
    const before = provider.requests.length
    const run = await waitForRun(runId)
    expect(run.status).toBe('succeeded')
    const events = await storedEvents(runId)
    expect(events[0].payload).toMatchObject({ tools: ['lab__echo', 'lab__fail'] })
    expect(offeredTools(provider.requests[before]).sort()).toEqual(['lab__echo', 'lab__fail'])
    expect(await toolResults(runId)).toEqual([
      expect.objectContaining({ toolName: 'lab__echo', isError: false, output: `ECHO: ${MARKER.toUpperCase()}` }),
      expect.objectContaining({
        toolName: 'lab__fail',
        isError: true,
        error: 'lookup failed: the record does not exist',
      }),
    ])
    // The MCP server got the tenant's secret header; the log never holds it.
    expect(mcp.seenHeaders.some((headers) => headers['x-lab-key'] === HEADER_SECRET)).toBe(true)
    expect(serializeJsonl(events)).not.toContain(HEADER_SECRET)
  })

  it("masks the server's header secret when the server echoes it back in a result", async () => {
    await runWorker()
    const { runId } = await submitTaskDraft(a.member.caller, toolTask(['lab__headers']))
    provider.script({ toolCalls: [{ name: 'lab__headers', arguments: {} }] }, { text: 'Headers read; answered.' })
    expect((await waitForRun(runId)).status).toBe('succeeded')
    const [result] = await toolResults(runId)
    expect(result).toMatchObject({ toolName: 'lab__headers', isError: false })
    expect(result.output).toContain('"x-lab-key":"')
    const log = serializeJsonl(await storedEvents(runId))
    expect(log).not.toContain(HEADER_SECRET)
    // The model itself did read the echoed value (the provider saw it): only the log is masked.
    expect(provider.requests.some((request) => JSON.stringify(request.body).includes(HEADER_SECRET))).toBe(true)
  })

  it('a server header that cannot be decrypted fails the call as an observation, not the run', async () => {
    await runWorker()
    const prisma = await getPrisma()
    const server = await prisma.mcpServer.findFirstOrThrow({
      where: { tenantId: a.id, name: 'lab' },
      omit: { headersCiphertext: false },
    })
    await prisma.mcpServer.update({ where: { id: server.id }, data: { headersCiphertext: 'not-a-sealed-value' } })
    try {
      const { runId } = await submitTaskDraft(a.member.caller, toolTask(['lab__echo']))
      provider.script(
        { toolCalls: [{ name: 'lab__echo', arguments: { text: 'x' } }] },
        { text: 'The lab is unreachable; answered.' },
      )
      expect((await waitForRun(runId)).status).toBe('succeeded')
      expect(await toolResults(runId)).toEqual([expect.objectContaining({ toolName: 'lab__echo', isError: true })])
    } finally {
      await prisma.mcpServer.update({
        where: { id: server.id },
        data: { headersCiphertext: server.headersCiphertext },
      })
    }
  })

  it('refuses an enabled tool that the task never chose, even when the model calls it', async () => {
    await runWorker()
    const { runId } = await submitTaskDraft(a.member.caller, toolTask(['lab__echo']))
    provider.script(
      { toolCalls: [{ name: 'lab__wipe', arguments: { confirm: true } }] },
      { text: 'Nothing wiped; answered.' },
    )
    const before = provider.requests.length
    expect((await waitForRun(runId)).status).toBe('succeeded')
    expect(offeredTools(provider.requests[before])).toEqual(['lab__echo'])
    expect(await toolResults(runId)).toEqual([
      expect.objectContaining({ toolName: 'lab__wipe', isError: true, error: expect.stringMatching(/^unknown tool/) }),
    ])
    expect(mcp.calls.wipe ?? 0).toBe(0)
  })
})

describe("another tenant and tenant A's tools", () => {
  it('sees none of its servers, tools or secrets, and cannot choose them', async () => {
    const registry = await getToolRegistry(b.admin.caller)
    expect(registry.servers).toEqual([])
    expect(JSON.stringify(registry)).not.toMatch(/lab__|x-lab-key/)
    expect((await listSelectableTools(b.member.caller)).map((tool) => tool.name)).toEqual(['current_time'])
    const own = await getToolRegistry(a.admin.caller)
    expect(own.servers[0]).toMatchObject({ name: 'lab', headerNames: ['x-lab-key'] })
    expect(JSON.stringify(own)).not.toContain(HEADER_SECRET)
    const prisma = await getPrisma()
    const runsBefore = await prisma.run.count({ where: { tenantId: b.id } })
    await expect(submitTaskDraft(b.member.caller, toolTask(['lab__echo']))).rejects.toMatchObject({
      code: 'bad_request',
      fieldErrors: { tools: [expect.stringContaining('lab__echo')] },
    })
    expect(await prisma.run.count({ where: { tenantId: b.id } })).toBe(runsBefore)
  })

  it("gets none of tenant A's tool output, even when its model calls A's tool by name", async () => {
    await runWorker()
    const { runId } = await submitTaskDraft(
      b.member.caller,
      toolTask(['current_time'], 'What did the lab record say? Answer.'),
    )
    provider.script(
      { toolCalls: [{ name: 'lab__echo', arguments: { text: 'leak' } }] },
      { text: 'No record available; answered.' },
    )
    const echoCalls = mcp.calls.echo ?? 0
    expect((await waitForRun(runId)).status).toBe('succeeded')
    expect(mcp.calls.echo ?? 0).toBe(echoCalls)
    const events = await storedEvents(runId)
    expect(await toolResults(runId)).toEqual([
      expect.objectContaining({ toolName: 'lab__echo', isError: true, output: expect.not.stringContaining(MARKER) }),
    ])
    const seenByB = [serializeJsonl(events), ...requestsWith(KEY_B).map((request) => JSON.stringify(request.body))]
    expect(requestsWith(KEY_B).length).toBeGreaterThan(0)
    for (const text of seenByB) {
      expect(text).not.toContain(MARKER)
      expect(text.toLowerCase()).not.toContain(MARKER.toLowerCase())
      expect(text).not.toContain(HEADER_SECRET)
    }
    // Tenant A's own requests did carry the output, so the check above is not vacuous.
    expect(requestsWith(KEY_A).some((request) => JSON.stringify(request.body).includes(MARKER.toUpperCase()))).toBe(
      true,
    )
  })
})

describe('the offline demo tool scenario', () => {
  it('uses the javascript tool wrongly on attempt 1, learns the lesson, and uses it right on attempt 2', async () => {
    await runWorker()
    const scenario = DEMO_TOOL_SCENARIOS.find((candidate) => candidate.id === 'compound-interest')!
    await setToolEnabled(a.admin.caller, 'javascript', true)
    const { runId } = await submitTaskDraft(a.member.caller, scenario.task)
    const run = await waitForRun(runId)
    const events = await storedEvents(runId)
    const calls = events.filter((event) => event.type === 'agent.tool_called').map((event) => event.payload)
    expect(calls).toEqual([
      expect.objectContaining({ attempt: 1, toolName: 'javascript', input: scenario.tool!.inputWithout }),
      expect.objectContaining({ attempt: 2, toolName: 'javascript', input: scenario.tool!.inputWith }),
    ])
    const results = await toolResults(runId)
    expect(results.map((result) => [result.attempt, result.isError, result.output])).toEqual([
      // What QuickJS computes, as JavaScript numbers print.
      [1, false, String(1000 * 1.05 * 3)],
      [2, false, String(1000 * 1.05 ** 3)],
    ])
    const scores = events.filter((event) => event.type === 'reflexion.evaluated').map((event) => event.payload.score)
    expect(scores).toEqual([0, 1])
    expect(events.find((event) => event.type === 'reflexion.lesson_persisted')?.payload).toMatchObject({
      attempt: 1,
      lesson: scenario.lesson,
    })
    expect(run).toMatchObject({ status: 'succeeded', attemptsUsed: 2 })
    expect(run.output).toContain('$1157.63')
  })
})
