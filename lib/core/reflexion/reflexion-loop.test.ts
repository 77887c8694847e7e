import { tool } from 'ai'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Agent, InMemoryMemory, ReAct, Reflexion } from './index'
import { logProblems, promptText, scriptedModel, textReply, toolCallReply, typesOf } from './test-support'

const TASK = 'Plan a one-day Hangzhou tour. The user wants an easy walk, no rushing.'
const LESSON = 'When the user asks for an easy walk, plan at most 3 stops unless they ask for more.'

const clock = () => new Date('2025-01-01T00:00:00Z')

function tourScript() {
  return scriptedModel([
    textReply('West Lake → Lingyin Temple → Tea Museum → Longjing Village → Hefang Street'),
    textReply('score: 3/10\nFive stops is too many for an easy walk.'),
    textReply(JSON.stringify({ lesson: LESSON })),
    textReply('West Lake (walk 40 min) → Tea Museum (walk 30 min) → Longjing Village'),
    textReply('score: 9/10\nThree stops, walking, relaxed.'),
  ])
}

describe('Reflexion attempt loop', () => {
  it('attempt → low score → lesson → better attempt → pass, with the lesson in the next prompt', async () => {
    const model = tourScript()
    const agent = new Agent({ instructions: 'You plan tours.', model, architecture: new Reflexion(), clock })
    const result = await agent.run(TASK, { userId: 'u1' })
    expect(result.status).toBe('succeeded')
    expect(result.output).toContain('Longjing')
    expect(result.bestScore).toBe(0.9)
    expect(result.attempts).toBe(2)
    expect(typesOf(result.events)).toEqual([
      'run.submitted',
      'reflexion.attempt_started',
      'reflexion.lessons_recalled',
      'agent.model_called',
      'agent.output_produced',
      'agent.model_called',
      'reflexion.evaluated',
      'agent.model_called',
      'reflexion.lesson_produced',
      'reflexion.lesson_persisted',
      'reflexion.attempt_started',
      'reflexion.lessons_recalled',
      'agent.model_called',
      'agent.output_produced',
      'agent.model_called',
      'reflexion.evaluated',
      'reflexion.threshold_met',
      'run.finished',
    ])
    expect(logProblems(result.events)).toEqual([])
    const calls = model.doGenerateCalls.map(promptText)
    expect(calls[0]).not.toContain(LESSON)
    expect(calls[3]).toContain(LESSON)
    expect(calls[3]).not.toContain('Hefang Street') // messages were reset: attempt 1 output is not replayed
    const recalled = result.events.filter((event) => event.type === 'reflexion.lessons_recalled')
    expect(recalled[0].lessons).toEqual([])
    expect(recalled[1].lessons).toEqual([{ content: LESSON, userId: 'u1' }])
    expect(recalled[1].mode).toBe('monotonic')
    const roles = result.events.filter((event) => event.type === 'agent.model_called').map((event) => event.role)
    expect(roles).toEqual(['agent', 'evaluator', 'reflector', 'agent', 'evaluator'])
    const finished = result.events.at(-1)!
    expect(finished).toMatchObject({ status: 'succeeded', bestScore: 0.9, attempts: 2, cause: { kind: 'framework' } })
    expect(result.events[0]).toMatchObject({
      type: 'run.submitted',
      prompt: TASK,
      userId: 'u1',
      cause: { kind: 'seed' },
      at: '2025-01-01T00:00:00.000Z',
    })
  })

  it('records the causes of the topology', async () => {
    const result = await new Agent({ instructions: 'x', model: tourScript(), architecture: new Reflexion() }).run(TASK)
    const cause = (position: number) => result.events[position].cause
    expect(cause(1)).toEqual({ kind: 'handler', index: 0, handler: 'reflexion' })
    expect(cause(2)).toEqual({ kind: 'handler', index: 1, handler: 'recall_lessons' })
    expect(cause(3)).toEqual({ kind: 'handler', index: 2, handler: 'react' })
    expect(cause(4)).toEqual({ kind: 'handler', index: 3, handler: 'react' })
    expect(cause(5)).toEqual({ kind: 'handler', index: 4, handler: 'evaluate' })
    expect(cause(6)).toEqual({ kind: 'handler', index: 5, handler: 'evaluate' })
    expect(cause(7)).toEqual({ kind: 'handler', index: 6, handler: 'reflect' })
    expect(cause(8)).toEqual({ kind: 'handler', index: 7, handler: 'reflect' })
    expect(cause(9)).toEqual({ kind: 'handler', index: 8, handler: 'persist_lesson' })
    expect(cause(10)).toEqual({ kind: 'handler', index: 9, handler: 'reflexion' })
    expect(cause(16)).toEqual({ kind: 'handler', index: 15, handler: 'reflexion' })
  })

  it('the evaluator sees the task and the output; the reflector sees actions, observations, output and feedback', async () => {
    const lookup = tool({
      description: 'look up walking times',
      inputSchema: z.object({ place: z.string() }),
      execute: async ({ place }) => `${place}: 40 minutes on foot`,
    })
    const model = scriptedModel([
      toolCallReply('lookup', { place: 'West Lake' }),
      toolCallReply('lookup', { place: 'Lingyin Temple' }),
      textReply('West Lake → Lingyin → Tea Museum → Longjing → Hefang'),
      textReply('score: 0.2\nToo many stops.'),
      textReply('{"lesson": "Keep easy walks to three stops."}'),
      textReply('West Lake → Tea Museum'),
      textReply('score: 1'),
    ])
    const result = await new Agent({ instructions: 'x', model, tools: { lookup }, architecture: new Reflexion() }).run(
      TASK,
    )
    expect(result.status).toBe('succeeded')
    const evaluatorPrompt = promptText(model.doGenerateCalls[3])
    expect(evaluatorPrompt).toContain(TASK)
    expect(evaluatorPrompt).toContain('West Lake → Lingyin → Tea Museum → Longjing → Hefang')
    const reflectorPrompt = promptText(model.doGenerateCalls[4])
    expect(reflectorPrompt).toContain(TASK)
    expect(reflectorPrompt).toContain('Too many stops.')
    expect(reflectorPrompt).toContain('West Lake → Lingyin → Tea Museum → Longjing → Hefang')
    const first = reflectorPrompt.indexOf('West Lake: 40 minutes on foot')
    const second = reflectorPrompt.indexOf('Lingyin Temple: 40 minutes on foot')
    expect(first).toBeGreaterThan(-1)
    expect(second).toBeGreaterThan(first) // most recent last
    const toolEvents = result.events.filter((event) => event.type.startsWith('agent.tool_'))
    expect(toolEvents.map((event) => event.cause)).toEqual([
      { kind: 'handler', index: toolEvents[0].index - 1, handler: 'react' },
      { kind: 'handler', index: toolEvents[0].index, handler: 'tools' },
      { kind: 'handler', index: toolEvents[2].index - 1, handler: 'react' },
      { kind: 'handler', index: toolEvents[2].index, handler: 'tools' },
    ])
    expect(result.events[toolEvents[1].index + 1]).toMatchObject({
      type: 'agent.model_called',
      cause: { kind: 'handler', index: toolEvents[1].index, handler: 'react' },
    })
  })

  it('never calls the reflector after the last attempt and emits max_attempts_reached', async () => {
    const model = scriptedModel([
      textReply('a1'),
      textReply('score: 1/10'),
      textReply('Lesson: check the stop count.'),
      textReply('a2'),
      textReply('score: 2/10'),
    ])
    const result = await new Agent({ instructions: 'x', model, architecture: new Reflexion({ maxAttempts: 2 }) }).run(
      TASK,
    )
    expect(model.doGenerateCalls).toHaveLength(5)
    expect(result.status).toBe('failed')
    expect(result.bestScore).toBe(0.2)
    const reached = result.events.find((event) => event.type === 'reflexion.max_attempts_reached')
    expect(reached).toMatchObject({ attempts: 2, bestScore: 0.2 })
    expect(typesOf(result.events).slice(-3)).toEqual([
      'reflexion.evaluated',
      'reflexion.max_attempts_reached',
      'run.finished',
    ])
    expect(result.events.filter((event) => event.type === 'reflexion.lesson_produced')).toHaveLength(1)
  })

  it('lessonAfterFinalFailure: the final failing attempt also writes a lesson, for the next run (default off)', async () => {
    expect(new Reflexion().lessonAfterFinalFailure).toBe(false)
    const model = scriptedModel([
      textReply('a1'),
      textReply('score: 1/10'),
      textReply('Lesson: count the stops before answering.'),
    ])
    const memory = new InMemoryMemory()
    const architecture = new Reflexion({ maxAttempts: 1, lessonAfterFinalFailure: true })
    const result = await new Agent({ instructions: 'x', model, memory, architecture }).run(TASK, { userId: 'u1' })
    expect(result.status).toBe('failed')
    expect(model.doGenerateCalls).toHaveLength(3)
    expect(typesOf(result.events).slice(-6)).toEqual([
      'reflexion.evaluated',
      'agent.model_called',
      'reflexion.lesson_produced',
      'reflexion.lesson_persisted',
      'reflexion.max_attempts_reached',
      'run.finished',
    ])
    expect(logProblems(result.events)).toEqual([])
    expect(await memory.getBlock('u1', 'reflexion_lessons')).toBe('count the stops before answering.')
  })

  it('out of turns with attempts left is a failed trial: score 0, no evaluator call, reflect, retry', async () => {
    const search = tool({ description: 's', inputSchema: z.object({ q: z.string() }), execute: async () => 'nothing' })
    const model = scriptedModel([
      toolCallReply('search', { q: 'a' }),
      toolCallReply('search', { q: 'b' }),
      textReply('{"lesson":"Answer after at most one search."}'),
      textReply('final answer'),
      textReply('score: 0.9'),
    ])
    const result = await new Agent({
      instructions: 'x',
      model,
      tools: { search },
      maxTurns: 2,
      architecture: new Reflexion(),
    }).run(TASK)
    expect(result.status).toBe('succeeded')
    const evaluated = result.events.filter((event) => event.type === 'reflexion.evaluated')
    expect(evaluated[0]).toMatchObject({ score: 0, reason: 'out_of_turns', passed: false })
    const outOfTurns = result.events.find((event) => event.type === 'agent.out_of_turns')!
    expect(outOfTurns).toMatchObject({ attempt: 1, maxTurns: 2 })
    expect(evaluated[0].cause).toEqual({ kind: 'handler', index: outOfTurns.index, handler: 'evaluate' })
    expect(result.events[outOfTurns.index + 2]).toMatchObject({ type: 'agent.model_called', role: 'reflector' })
    expect(promptText(model.doGenerateCalls[2])).toContain('ran out of turns')
  })

  it('out of turns on the last attempt stops interrupted without max_attempts_reached', async () => {
    const search = tool({ description: 's', inputSchema: z.object({ q: z.string() }), execute: async () => 'nothing' })
    const model = scriptedModel([toolCallReply('search', { q: 'a' })])
    const result = await new Agent({
      instructions: 'x',
      model,
      tools: { search },
      architecture: new Reflexion({ maxAttempts: 1, base: new ReAct({ maxTurns: 1 }) }),
    }).run(TASK)
    expect(result.interrupted).toBe(true)
    expect(result.interruptionReason).toBe('max_turns_exceeded')
    expect(typesOf(result.events)).not.toContain('reflexion.max_attempts_reached')
    expect(typesOf(result.events)).not.toContain('reflexion.evaluated')
    const interrupted = result.events.find((event) => event.type === 'run.interrupted')!
    expect(interrupted).toMatchObject({
      reason: 'max_turns_exceeded',
      cause: { kind: 'handler', index: interrupted.index - 1, handler: 'reflexion' },
    })
    expect(result.events.at(-1)).toMatchObject({
      type: 'run.finished',
      status: 'interrupted',
      interruptionReason: 'max_turns_exceeded',
    })
  })

  it('the base sets its own turn limit, else Agent maxTurns (default 8)', async () => {
    const search = tool({ description: 's', inputSchema: z.object({ q: z.string() }), execute: async () => 'nothing' })
    const model = scriptedModel(Array.from({ length: 8 }, () => toolCallReply('search', { q: 'a' })))
    const result = await new Agent({
      instructions: 'x',
      model,
      tools: { search },
      architecture: new Reflexion({ maxAttempts: 1 }),
    }).run(TASK)
    expect(model.doGenerateCalls).toHaveLength(8)
    expect(result.events.find((event) => event.type === 'agent.out_of_turns')).toMatchObject({ maxTurns: 8 })
  })

  it('a guardrail on the output stops the run', async () => {
    const model = scriptedModel([textReply('forbidden words')])
    const agent = new Agent({
      instructions: 'x',
      model,
      architecture: new Reflexion(),
      guardrails: { output: (output) => (output.includes('forbidden') ? 'contains forbidden words' : null) },
    })
    const result = await agent.run(TASK)
    expect(typesOf(result.events).slice(-4)).toEqual([
      'agent.output_produced',
      'run.guardrail_tripped',
      'run.interrupted',
      'run.finished',
    ])
    const [produced, tripped, interrupted] = result.events.slice(-4)
    expect(tripped.cause).toEqual({ kind: 'handler', index: produced.index, handler: 'guardrails' })
    expect(interrupted).toMatchObject({
      reason: 'guardrail',
      cause: { kind: 'handler', index: tripped.index, handler: 'guardrails' },
    })
    expect(result.interruptionReason).toBe('guardrail')
  })

  it('a guardrail on the input trips on run.submitted before any model call', async () => {
    const model = scriptedModel([])
    const result = await new Agent({
      instructions: 'x',
      model,
      architecture: new Reflexion(),
      guardrails: { input: () => 'no' },
    }).run(TASK)
    expect(typesOf(result.events)).toEqual([
      'run.submitted',
      'run.guardrail_tripped',
      'run.interrupted',
      'run.finished',
    ])
    expect(result.events[1].cause).toEqual({ kind: 'handler', index: 0, handler: 'guardrails' })
    expect(model.doGenerateCalls).toHaveLength(0)
  })

  it('monotonic lessons persist in the user memory across runs', async () => {
    const memory = new InMemoryMemory()
    await new Agent({ instructions: 'x', model: tourScript(), memory, architecture: new Reflexion() }).run(TASK, {
      userId: 'u1',
    })
    expect(await memory.getBlock('u1', 'reflexion_lessons')).toBe(LESSON)
    const next = scriptedModel([textReply('West Lake → Tea Museum'), textReply('score: 1')])
    await new Agent({ instructions: 'x', model: next, memory, architecture: new Reflexion() }).run(TASK, {
      userId: 'u1',
    })
    expect(promptText(next.doGenerateCalls[0])).toContain(LESSON)
  })
})
