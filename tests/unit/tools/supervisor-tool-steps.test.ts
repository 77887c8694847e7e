// The reflector of a Supervisor run sees the tool calls its workers made and what came back, a failed
// one marked as an error (seed 000: the attempt's actions and observations, most recent last), in the
// order they happened, each before the delegation step that returned the worker's answer.
import { tool } from 'ai'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Agent, Reflexion, Supervisor } from '@/lib/core/reflexion'
import { logProblems, promptText, scriptedModel, textReply, toolCallReply } from '@/lib/core/reflexion/test-support'

describe("a supervisor's reflector sees its workers' tool calls", () => {
  it('lists each worker call and result, the failure as ERROR, before the delegation that used them', async () => {
    const researcher = new Agent({
      instructions: 'Look up walking times.',
      model: scriptedModel([
        toolCallReply('times', { place: 'West Lake' }),
        toolCallReply('times', { place: 'Nowhere' }),
        textReply('West Lake: 30 min; Nowhere: unknown'),
      ]),
      tools: {
        times: tool({
          description: 'walking times',
          inputSchema: z.object({ place: z.string() }),
          execute: async ({ place }) => {
            if (place === 'Nowhere') throw new Error('no such place: Nowhere')
            return `${place}: 30 min`
          },
        }),
      },
    })
    const supervisorModel = scriptedModel([
      toolCallReply('delegate_to_researcher', { task: 'walking times' }),
      textReply('Plan: West Lake and Nowhere'),
      textReply('score: 2/10\nNowhere is not a place.'),
      textReply('{"lesson": "Drop places the researcher cannot find."}'),
    ])
    const result = await new Agent({
      instructions: 'Plan tours with your team.',
      model: supervisorModel,
      architecture: new Reflexion({
        base: new Supervisor({ workers: { researcher } }),
        maxAttempts: 1,
        lessonAfterFinalFailure: true,
      }),
    }).run('Plan an easy walk.')
    expect(logProblems(result.events)).toEqual([])
    const reflectorPrompt = promptText(supervisorModel.doGenerateCalls[3])
    const actions = /<untrusted_actions>\n([\s\S]*?)\n<\/untrusted_actions>/.exec(reflectorPrompt)?.[1] ?? ''
    expect(actions.split('\n').filter((line) => /^\d+\. /.test(line))).toEqual([
      expect.stringMatching(/^1\. researcher\.times\(\{"place":"West Lake"\}\) → .*West Lake: 30 min/),
      expect.stringMatching(/^2\. researcher\.times\(\{"place":"Nowhere"\}\) → ERROR: no such place: Nowhere/),
      expect.stringMatching(/^3\. delegate_to_researcher\(\{"task":"walking times"\}\) → West Lake: 30 min; Nowhere/),
    ])
  })
})
