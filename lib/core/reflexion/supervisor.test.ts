import { tool } from 'ai'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Agent, Reflexion, Supervisor } from './index'
import { logProblems, promptText, scriptedModel, textReply, toolCallReply, typesOf } from './test-support'

describe('Reflexion over a Supervisor', () => {
  it('delegates to workers, records worker calls with role worker, and learns better delegation', async () => {
    const fetchTimes = tool({
      description: 'walking times',
      inputSchema: z.object({ place: z.string() }),
      execute: async ({ place }) => `${place}: 30 min`,
    })
    const researcherModel = scriptedModel(
      [
        toolCallReply('times', { place: 'West Lake' }),
        textReply('West Lake 30 min walk'),
        textReply('Tea Museum 20 min walk'),
      ],
      { modelId: 'researcher-model' },
    )
    const researcher = new Agent({
      instructions: 'Research places.',
      model: researcherModel,
      tools: { times: fetchTimes },
    })
    const supervisorModel = scriptedModel([
      toolCallReply('delegate_to_researcher', { task: 'find places' }),
      textReply('Plan: West Lake'),
      textReply('score: 4/10\nNo walking times.'),
      textReply('{"lesson": "Ask the researcher for walking times before answering."}'),
      toolCallReply('delegate_to_researcher', { task: 'walking times' }),
      textReply('Plan: Tea Museum, 20 min walk'),
      textReply('score: 9/10'),
    ])
    const agent = new Agent({
      instructions: 'Manage the tour team.',
      model: supervisorModel,
      architecture: new Reflexion({ base: new Supervisor({ workers: { researcher } }) }),
    })
    const result = await agent.run('Plan an easy walk.', { userId: 'u1' })
    expect(result.status).toBe('succeeded')
    expect(logProblems(result.events)).toEqual([])
    expect(supervisorModel.doGenerateCalls[0].tools?.map((definition) => definition.name)).toEqual([
      'delegate_to_researcher',
    ])
    expect(promptText(supervisorModel.doGenerateCalls[4])).toContain(
      'Ask the researcher for walking times before answering.',
    )
    const attemptOne = result.events.slice(
      0,
      result.events.findIndex((event) => event.type === 'agent.output_produced') + 1,
    )
    expect(typesOf(attemptOne)).toEqual([
      'run.submitted',
      'reflexion.attempt_started',
      'reflexion.lessons_recalled',
      'agent.model_called',
      'agent.worker_delegated',
      'agent.model_called',
      'agent.tool_called',
      'agent.tool_returned',
      'agent.model_called',
      'agent.worker_returned',
      'agent.model_called',
      'agent.output_produced',
    ])
    const at = (index: number) => result.events[index]
    expect(at(3)).toMatchObject({ role: 'agent', cause: { index: 2, handler: 'supervisor' } })
    expect(at(4)).toMatchObject({
      worker: 'researcher',
      task: 'find places',
      cause: { index: 3, handler: 'supervisor' },
    })
    expect(at(5)).toMatchObject({
      role: 'worker',
      worker: 'researcher',
      model: 'mock-provider:researcher-model',
      cause: { index: 4, handler: 'supervisor' },
    })
    expect(at(6)).toMatchObject({ worker: 'researcher', cause: { index: 5, handler: 'react' } })
    expect(at(8)).toMatchObject({ role: 'worker', cause: { index: 7, handler: 'react' } })
    expect(at(9)).toMatchObject({ output: 'West Lake 30 min walk', cause: { index: 8, handler: 'supervisor' } })
    expect(at(10)).toMatchObject({ role: 'agent', cause: { index: 9, handler: 'supervisor' } })
    expect(JSON.stringify(supervisorModel.doGenerateCalls[1].prompt)).toContain('West Lake 30 min walk')
    expect(promptText(supervisorModel.doGenerateCalls[3])).toContain('delegate_to_researcher')
    expect(result.usage.worker.calls).toBe(3)
  })
})
