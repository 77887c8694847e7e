import { tool } from 'ai'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Agent } from './agent'
import { MAX_TRACE_CHARS, traceOf } from './model-trace'
import { Reflexion } from './reflexion'
import { scriptedModel, textReply, toolCallReply } from './test-support'

type Trace = { system: string; messages: { role: string; content: string }[]; omitted?: number }

describe('agent.model_called records what the model saw', () => {
  it('the task, the tool result, the lesson as inserted, and the judge’s prompt; secrets masked; latency', async () => {
    const lookup = tool({
      description: 'look up',
      inputSchema: z.object({ q: z.string() }),
      execute: async () => 'rows: 3 (db postgres://app:hunter2pass@db/prod)',
    })
    const model = scriptedModel([
      toolCallReply('lookup', { q: 'sales' }),
      textReply('5 stops'),
      textReply('score: 2/10\nToo many stops.'),
      textReply('{"lesson":"Keep it to at most 3 stops."}'),
      textReply('3 stops'),
      textReply('score: 9/10'),
    ])
    const result = await new Agent({
      instructions: 'Plan walks. key sk-live-abcdefghijklmnopqrstuvwx',
      model,
      tools: { lookup },
      architecture: new Reflexion(),
    }).run('plan a relaxed day')
    const calls = result.events.filter((event) => event.type === 'agent.model_called')
    const traces = calls.map((event) => ({
      role: event.role as string,
      attempt: event.attempt,
      trace: event.prompt as Trace,
    }))
    expect(traces.every(({ trace }) => trace && Array.isArray(trace.messages))).toBe(true)
    const [firstAgent, secondAgent] = traces.filter(({ role }) => role === 'agent')
    expect(firstAgent.trace.messages[0]).toMatchObject({
      role: 'user',
      content: expect.stringContaining('plan a relaxed day'),
    })
    // The tool result as the model received it: wrapped as untrusted data.
    expect(secondAgent.trace.messages.map((message) => message.content).join('\n')).toContain(
      '[tool result lookup] <untrusted_tool_result tool="lookup" status="ok">\nrows: 3',
    )
    const all = JSON.stringify(traces)
    expect(all).not.toContain('hunter2pass')
    expect(all).not.toContain('sk-live-abcdefghijklmnopqrstuvwx')
    const judge = traces.find(({ role }) => role === 'evaluator')
    expect(JSON.stringify(judge?.trace)).toContain('5 stops')
    const attempt2 = traces.find(({ role, attempt }) => role === 'agent' && attempt === 2)
    expect(JSON.stringify(attempt2?.trace)).toContain('Keep it to at most 3 stops.')
    expect(calls.every((event) => typeof event.latencyMs === 'number' && event.latencyMs >= 0)).toBe(true)
  })

  it('bounds a long conversation, keeping the task and the newest messages', () => {
    const messages = Array.from({ length: 40 }, (_, position) => ({
      role: 'user' as const,
      content: `${position === 0 ? 'TASK ' : ''}${'x'.repeat(3_000)} message ${position}`,
    }))
    const trace = traceOf('system', messages)
    expect(JSON.stringify(trace).length).toBeLessThan(MAX_TRACE_CHARS + 2_000)
    expect(trace.messages[0].content).toContain('TASK')
    expect(trace.messages[trace.messages.length - 1].content).toContain('message 39')
    expect(trace.omitted).toBeGreaterThan(30)
  })
})
