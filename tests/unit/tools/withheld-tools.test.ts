// Tools the caller withholds from a run (chosen for the task, disabled since): never offered to the
// model, and a call to one is an observation that says why, not "unknown tool"; the cap is not spent.
import { tool } from 'ai'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Agent, ReflexionConfigError } from '@/lib/core/reflexion'
import { scriptedModel, textReply, toolCallReply } from '@/lib/core/reflexion/test-support'
import { toolPolicyOf } from '@/lib/core/reflexion/tool-policy'

describe('withheld tools', () => {
  it('are not offered, and a call says why it was refused without counting towards the cap', async () => {
    const model = scriptedModel([
      toolCallReply('lab__echo', { text: 'x' }),
      toolCallReply('clock', {}),
      textReply('answered without it'),
    ])
    const clock = tool({ description: 'the time', inputSchema: z.object({}), execute: async () => 'noon' })
    const result = await new Agent({
      instructions: 'Use the tools.',
      model,
      tools: { clock },
      toolPolicy: { maxCallsPerAttempt: 1, withheld: { lab__echo: 'an admin has disabled it since' } },
    }).run('Do it.')
    expect((model.doGenerateCalls[0].tools ?? []).map((offered) => offered.name)).toEqual(['clock'])
    const [returned, afterwards] = result.events.filter((event) => event.type === 'agent.tool_returned')
    expect(afterwards).toMatchObject({ toolName: 'clock', isError: false, output: 'noon' })
    expect(returned).toMatchObject({
      toolName: 'lab__echo',
      isError: true,
      error: "tool 'lab__echo' is not available to this run: an admin has disabled it since",
      durationMs: 0,
    })
    expect(result.output).toBe('answered without it')
  })

  it('need a reason in words', () => {
    expect(() => toolPolicyOf({ withheld: { lab__echo: 3 as never } })).toThrow(ReflexionConfigError)
    expect(toolPolicyOf({ withheld: { lab__echo: 'gone' } }).withheld).toEqual({ lab__echo: 'gone' })
  })
})
