// The engine with tools from a real MCP server (the SDK over Streamable HTTP on 127.0.0.1): a tool that
// succeeds, fails, hangs and returns huge output; the per-call timeout, the cap per attempt, bounded
// untrusted results, and the outbound guard in front of the server's URL.
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider'
import type { ToolSet } from 'ai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, Reflexion } from '@/lib/core/reflexion'
import { logProblems, scriptedModel, textReply, toolCallReply } from '@/lib/core/reflexion/test-support'
import { OutboundRefusedError } from '@/lib/adapters/net'
import { connectHttpServer, mcpTool, type McpSession } from '@/lib/services/tools'
import { HUGE_OUTPUT_CHARS } from '../../support/mcp-tools'
import { startMcpHttpServer, type TestMcpHttpServer } from '../../support/mcp-http-server'

let server: TestMcpHttpServer
let session: McpSession
let tools: ToolSet

beforeAll(async () => {
  server = await startMcpHttpServer()
  session = await connectHttpServer(server.url, {}, { allow: [`127.0.0.1:${server.port}`] })
  const listed = await session.listTools()
  tools = Object.fromEntries(
    listed.map((tool) => [tool.name, mcpTool({ ...tool, remoteName: tool.name }, async () => session)]),
  )
})
afterAll(async () => {
  await session?.close()
  await server?.stop()
})

const toolMessages = (options: LanguageModelV4CallOptions) =>
  options.prompt.filter((message) => message.role === 'tool').flatMap((message) => message.content)

async function runWith(steps: Parameters<typeof scriptedModel>[0], toolPolicy = {}) {
  const model = scriptedModel(steps)
  const result = await new Agent({ instructions: 'Use the tools.', model, tools, toolPolicy }).run('Do the task.')
  expect(logProblems(result.events)).toEqual([])
  return { result, model }
}

describe('tools from a real MCP server in the engine', () => {
  it('lists the server tools with their input schemas', async () => {
    const listed = await session.listTools()
    expect(listed.map((tool) => tool.name).sort()).toEqual([
      'echo',
      'fail',
      'hang',
      'headers',
      'huge',
      'inject',
      'wipe',
    ])
    expect(listed.find((tool) => tool.name === 'echo')?.inputSchema).toMatchObject({
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text'],
    })
  })

  it('records the call and result with causes, duration and untrusted delimiters for the model', async () => {
    let seen: LanguageModelV4CallOptions | undefined
    const { result } = await runWith([
      toolCallReply('echo', { text: 'hello' }, 'call-1'),
      (options) => ((seen = options), textReply('done')),
    ])
    const called = result.events.find((event) => event.type === 'agent.tool_called')!
    const returned = result.events.find((event) => event.type === 'agent.tool_returned')!
    expect(called).toMatchObject({
      toolName: 'echo',
      input: { text: 'hello' },
      cause: { kind: 'handler', handler: 'react' },
    })
    expect(returned).toMatchObject({
      toolName: 'echo',
      isError: false,
      output: 'ECHO: HELLO',
      cause: { kind: 'handler', index: called.index, handler: 'tools' },
    })
    expect(typeof returned.durationMs).toBe('number')
    const part = toolMessages(seen!)[0] as { output: { value: string } }
    expect(part.output.value).toMatch(
      /^<untrusted_tool_result tool="echo" status="ok">\nECHO: HELLO\n<\/untrusted_tool_result>$/,
    )
    expect(seen!.prompt[0].content).toContain('<untrusted_tool_result>')
  })

  it('a failing tool is an observation: recorded with its error, and the agent recovers', async () => {
    const { result } = await runWith([
      toolCallReply('fail', { text: 'x' }),
      toolCallReply('echo', { text: 'again' }),
      textReply('recovered'),
    ])
    const returned = result.events.filter((event) => event.type === 'agent.tool_returned')
    expect(returned[0]).toMatchObject({
      toolName: 'fail',
      isError: true,
      error: 'lookup failed: the record does not exist',
    })
    expect(returned[1]).toMatchObject({ toolName: 'echo', isError: false })
    expect(result.status).toBe('succeeded')
    expect(result.output).toBe('recovered')
  })

  it('a hanging tool times out after the per-call limit and the run goes on', async () => {
    const { result } = await runWith([toolCallReply('hang', { text: 'x' }), textReply('gave up on it')], {
      timeoutMs: 300,
    })
    const returned = result.events.find((event) => event.type === 'agent.tool_returned')!
    expect(returned).toMatchObject({ toolName: 'hang', isError: true, error: 'timed out after 300 ms' })
    expect(returned.durationMs as number).toBeGreaterThanOrEqual(290)
    expect(result.status).toBe('succeeded')
  })

  it('huge output is bounded for the log and the model, head and tail kept', async () => {
    let seen: LanguageModelV4CallOptions | undefined
    const { result } = await runWith(
      [toolCallReply('huge', { text: 'x' }), (options) => ((seen = options), textReply('ok'))],
      { maxResultChars: 1_000 },
    )
    const returned = result.events.find((event) => event.type === 'agent.tool_returned')!
    expect(returned).toMatchObject({ truncated: true, outputChars: HUGE_OUTPUT_CHARS })
    expect((returned.output as string).length).toBeLessThan(1_100)
    expect(returned.output).toMatch(/^START/)
    expect(returned.output).toMatch(/END$/)
    const text = (toolMessages(seen!)[0] as { output: { value: string } }).output.value
    expect(text.length).toBeLessThan(1_300)
    expect(text).toContain(`total_chars="${HUGE_OUTPUT_CHARS}"`)
  })

  it('caps tool calls per attempt: later calls are refused, not sent to the server', async () => {
    const before = server.calls.echo ?? 0
    const { result } = await runWith(
      [
        toolCallReply('echo', { text: '1' }),
        toolCallReply('echo', { text: '2' }),
        toolCallReply('echo', { text: '3' }),
        textReply('done'),
      ],
      { maxCallsPerAttempt: 2 },
    )
    expect((server.calls.echo ?? 0) - before).toBe(2)
    const last = result.events.filter((event) => event.type === 'agent.tool_returned').at(-1)!
    expect(last).toMatchObject({ isError: true })
    expect(last.error).toMatch(/tool call limit reached: at most 2/)
  })

  it('the cap counts per attempt under Reflexion (a new attempt may call again)', async () => {
    const model = scriptedModel([
      toolCallReply('echo', { text: '1' }),
      toolCallReply('echo', { text: '2' }),
      textReply('first'),
      textReply('score: 0.1\nwrong'),
      textReply('{"lesson": "Check the echo."}'),
      toolCallReply('echo', { text: '3' }),
      textReply('second'),
      textReply('score: 1\nright'),
    ])
    const result = await new Agent({
      instructions: 'Use the tools.',
      model,
      tools,
      toolPolicy: { maxCallsPerAttempt: 1 },
      architecture: new Reflexion({ maxAttempts: 2 }),
    }).run('Do the task.')
    const returned = result.events.filter((event) => event.type === 'agent.tool_returned')
    expect(returned.map((event) => [event.attempt, event.isError])).toEqual([
      [1, false],
      [1, true],
      [2, false],
    ])
    expect(result.status).toBe('succeeded')
  })

  it('the reflector sees the calls and their results', async () => {
    let reflectorPrompt = ''
    const model = scriptedModel([
      toolCallReply('fail', { text: 'record-7' }),
      textReply('no answer'),
      textReply('score: 0\nno answer'),
      (options) => {
        reflectorPrompt = JSON.stringify(options.prompt)
        return textReply('{"lesson": "When the lookup fails, say which record was missing."}')
      },
      textReply('record-7 is missing'),
      textReply('score: 1\nright'),
    ])
    await new Agent({
      instructions: 'Use the tools.',
      model,
      tools,
      architecture: new Reflexion({ maxAttempts: 2 }),
    }).run('Find record-7.')
    expect(reflectorPrompt).toContain('fail({\\"text\\":\\"record-7\\"})')
    expect(reflectorPrompt).toContain('ERROR: lookup failed: the record does not exist')
  })

  it('the outbound guard refuses the server URL on loopback unless allowed', async () => {
    await expect(connectHttpServer(server.url, {})).rejects.toBeInstanceOf(OutboundRefusedError)
    await expect(connectHttpServer(`http://[::1]:${server.port}/mcp`, {})).rejects.toBeInstanceOf(OutboundRefusedError)
  })

  it('sends the stored headers to the server', async () => {
    const guarded = await startMcpHttpServer({ requireHeader: { name: 'Authorization', value: 'Bearer s3cret' } })
    try {
      const policy = { allow: [`127.0.0.1:${guarded.port}`] }
      await expect(connectHttpServer(guarded.url, {}, policy)).rejects.toThrow()
      const open = await connectHttpServer(guarded.url, { Authorization: 'Bearer s3cret' }, policy)
      expect((await open.listTools()).length).toBe(7)
      await open.close()
    } finally {
      await guarded.stop()
    }
  })
})
