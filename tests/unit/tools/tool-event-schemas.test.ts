// Every field the engine writes on its tool events is declared, with its type, in the event's payload
// schema: the emitted events of every tool outcome (ok, the tool's error, timeout, unknown tool, the
// per-attempt cap, truncated output, an over-long input, a supervisor worker's call) parse with the
// schema made strict, so a field the engine adds without declaring it fails here instead of passing
// through unchecked.
import { tool, type ToolSet } from 'ai'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { EngineEvent } from '@/lib/core/events'
import { EVENT_TYPES } from '@/lib/core/events/vocabulary'
import { Agent, Reflexion, Supervisor } from '@/lib/core/reflexion'
import { scriptedModel, textReply, toolCallReply } from '@/lib/core/reflexion/test-support'
import { MAX_TOOL_INPUT_CHARS } from '@/lib/core/reflexion/tool-policy'

const TOOL_EVENT_TYPES = ['agent.tool_called', 'agent.tool_returned'] as const
type ToolEventType = (typeof TOOL_EVENT_TYPES)[number]

const ENVELOPE = new Set(['index', 'type', 'cause', 'at'])

/** The event's payload: everything but the engine's envelope fields. */
function payloadOf(event: EngineEvent): Record<string, unknown> {
  return Object.fromEntries(Object.entries(event).filter(([field]) => !ENVELOPE.has(field)))
}

/** The vocabulary's schema for a tool event with unknown fields refused instead of passed through. */
function strictSchema(type: ToolEventType) {
  return (EVENT_TYPES[type].payload as z.ZodObject).strict()
}

/** The problems of every tool event in `events` under the strict schemas, as readable lines. */
function strictProblems(events: EngineEvent[]): string[] {
  return events
    .filter((event): event is EngineEvent & { type: ToolEventType } =>
      (TOOL_EVENT_TYPES as readonly string[]).includes(event.type),
    )
    .flatMap((event) => {
      const parsed = strictSchema(event.type).safeParse(payloadOf(event))
      return parsed.success
        ? []
        : parsed.error.issues.map((issue) => `#${event.index} ${event.type}: ${issue.path.join('.')} ${issue.message}`)
    })
}

const tools: ToolSet = {
  echo: tool({
    description: 'echo',
    inputSchema: z.object({ text: z.string() }),
    execute: async ({ text }) => `echo: ${text}`,
  }),
  fail: tool({
    description: 'always fails',
    inputSchema: z.object({}),
    execute: async (): Promise<string> => {
      throw new Error('the record does not exist')
    },
  }),
  hang: tool({
    description: 'never returns until aborted',
    inputSchema: z.object({}),
    execute: (_input, { abortSignal }) =>
      new Promise<string>((_, reject) => abortSignal?.addEventListener('abort', () => reject(new Error('aborted')))),
  }),
  huge: tool({ description: 'a long result', inputSchema: z.object({}), execute: async () => 'x'.repeat(5_000) }),
  structured: tool({
    description: 'an object result',
    inputSchema: z.object({}),
    execute: async () => ({ rows: [{ id: 1 }], total: 1 }),
  }),
}

function eventsOfType<T extends ToolEventType>(events: EngineEvent[], type: T) {
  return events.filter((event) => event.type === type) as Extract<EngineEvent, { type: T }>[]
}

describe('tool events parse strictly with their schemas', () => {
  it('covers every outcome of a ReAct agent: ok, error, timeout, unknown, cap, truncated, long input', async () => {
    const model = scriptedModel([
      toolCallReply('echo', { text: 'hello' }),
      toolCallReply('structured', {}),
      toolCallReply('fail', {}),
      toolCallReply('hang', {}),
      toolCallReply('no_such_tool', {}),
      toolCallReply('huge', {}),
      toolCallReply('echo', { text: 'y'.repeat(MAX_TOOL_INPUT_CHARS + 100) }),
      toolCallReply('echo', { text: 'over the cap' }),
      textReply('done'),
    ])
    const agent = new Agent({
      instructions: 'Use the tools.',
      model,
      tools,
      maxTurns: 20,
      toolPolicy: { timeoutMs: 50, maxCallsPerAttempt: 7, maxResultChars: 1_000 },
    })
    const result = await agent.run('Do the task.')
    const returned = eventsOfType(result.events, 'agent.tool_returned')
    // Every outcome happened, so every field the engine can write was written at least once.
    expect(returned.map((event) => [event.toolName, event.isError, event.error?.split(/[:;]/)[0]])).toEqual([
      ['echo', false, undefined],
      ['structured', false, undefined],
      ['fail', true, 'the record does not exist'],
      ['hang', true, 'timed out after 50 ms'],
      ['no_such_tool', true, "unknown tool 'no_such_tool'"],
      ['huge', false, undefined],
      ['echo', false, undefined],
      ['echo', true, 'tool call limit reached'],
    ])
    expect(returned.find((event) => event.truncated)).toMatchObject({ toolName: 'huge', outputChars: 5_000 })
    const longInput = eventsOfType(result.events, 'agent.tool_called')[6]
    expect(typeof longInput.input).toBe('string')
    expect(strictProblems(result.events)).toEqual([])
  })

  it("covers a supervisor's worker calling a tool (the worker field)", async () => {
    const worker = new Agent({
      instructions: 'Look things up.',
      model: scriptedModel([toolCallReply('echo', { text: 'from the worker' }), textReply('found it')]),
      tools,
    })
    const supervisor = new Agent({
      instructions: 'Manage.',
      model: scriptedModel([
        toolCallReply('delegate_to_researcher', { task: 'look it up' }),
        textReply('answer'),
        textReply('score: 10/10'),
      ]),
      architecture: new Reflexion({ base: new Supervisor({ workers: { researcher: worker } }), maxAttempts: 1 }),
    })
    const result = await supervisor.run('Find it.')
    const workerCalls = eventsOfType(result.events, 'agent.tool_returned')
    expect(workerCalls).toEqual([expect.objectContaining({ toolName: 'echo', worker: 'researcher', isError: false })])
    expect(strictProblems(result.events)).toEqual([])
  })

  it('the strict check itself fails on an undeclared or wrongly typed field', () => {
    const event = {
      index: 3,
      type: 'agent.tool_returned',
      cause: { kind: 'handler', index: 2, handler: 'tools' },
      at: new Date(0).toISOString(),
      toolName: 'echo',
      output: 'ok',
      isError: false,
      durationMs: -1,
      latency: 5,
    } as unknown as EngineEvent
    expect(strictProblems([event])).toEqual([
      expect.stringMatching(/^#3 agent\.tool_returned: durationMs /),
      expect.stringMatching(/^#3 agent\.tool_returned: {2}Unrecognized key/),
    ])
  })
})
