import { describe, expect, it } from 'vitest'
import { toLoggedEvent } from '../events/convert'
import type { EngineEvent } from '../events/event'
import { Agent, InMemoryMemory, Reflexion, resumePointOf } from './index'
import { scriptedModel, textReply, typesOf } from './test-support'

const TASK = 'Name the largest prime number.'
const failingAttempt = (attempt: number) => [
  textReply(`2147483647 (try ${attempt})`, 20, 4),
  textReply('score: 1/10\nThere is no largest prime.', 30, 6),
  textReply(JSON.stringify({ lesson: 'Explain that primes never end instead of naming one.' }), 40, 8),
]

/** A three-attempt run that fails every attempt, recorded whole. */
async function fullLog(): Promise<EngineEvent[]> {
  const model = scriptedModel([...failingAttempt(1), ...failingAttempt(2), ...failingAttempt(3).slice(0, 2)])
  const agent = new Agent({ instructions: 'x', model, architecture: new Reflexion({ maxAttempts: 3 }) })
  return (await agent.run(TASK, { userId: 'u1' })).events
}

describe('resumePointOf', () => {
  it('finds the attempt after the last completed one, its cause, the progress and the usage spent', async () => {
    const events = await fullLog()
    const secondStart = events.findIndex((event) => event.type === 'reflexion.attempt_started' && event.attempt === 2)
    // The worker died after attempt 2's model call: attempt 2 is not complete.
    const cut = events.slice(0, secondStart + 3).map(toLoggedEvent)
    const point = resumePointOf(cut)!
    const persisted = events.find((event) => event.type === 'reflexion.lesson_persisted' && event.attempt === 1)!
    expect(point).toMatchObject({
      afterIndex: secondStart + 2,
      submittedIndex: 0,
      nextAttempt: 2,
      previousIndex: persisted.index,
      progress: { attempts: 1, bestScore: 0.1, output: '2147483647 (try 1)', turns: 1 },
    })
    // Attempt 1's three calls and attempt 2's agent call all cost tokens.
    expect(point.usage.map((call) => [call.role, call.tokens.inputTokens])).toEqual([
      ['agent', 20],
      ['evaluator', 30],
      ['reflector', 40],
      ['agent', 20],
    ])
  })

  it('starts over at attempt 1 when no attempt completed, and has nothing to resume once the run is decided', async () => {
    const events = (await fullLog()).map(toLoggedEvent)
    expect(resumePointOf(events.slice(0, 3))).toMatchObject({ nextAttempt: 1, previousIndex: 0 })
    expect(resumePointOf(events)).toBeNull()
    expect(resumePointOf(events.filter((event) => event.type !== 'run.finished'))).toBeNull()
    expect(resumePointOf([])).toBeNull()
  })

  it('reads logs with unknown events and odd payloads without failing', () => {
    const odd = [
      {
        index: 0,
        type: 'run.submitted',
        kind: 'Command',
        namespace: 'run',
        payload: {},
        cause: { kind: 'seed' },
        at: '',
      },
      {
        index: 1,
        type: 'vendor.something',
        kind: 'SystemEvent',
        namespace: 'vendor',
        payload: { attempt: 'x' },
        cause: { kind: 'framework' },
        at: '',
      },
      {
        index: 2,
        type: 'agent.model_called',
        kind: 'IntegrationEvent',
        namespace: 'agent',
        payload: { role: 'agent', usage: null },
        cause: { kind: 'framework' },
        at: '',
      },
    ] as never
    expect(resumePointOf(odd)).toMatchObject({ afterIndex: 2, nextAttempt: 1, usage: [{ role: 'agent' }] })
  })
})

describe('Agent.run with resume', () => {
  it('continues the log after the cut: run.resumed, then the next attempt caused by the last completed one', async () => {
    const events = await fullLog()
    const secondStart = events.findIndex((event) => event.type === 'reflexion.attempt_started' && event.attempt === 2)
    const cut = events.slice(0, secondStart + 3)
    const memory = new InMemoryMemory()
    await memory.setBlock('u1', 'reflexion_lessons', 'Explain that primes never end instead of naming one.')
    const model = scriptedModel([...failingAttempt(2), ...failingAttempt(3).slice(0, 2)])
    const agent = new Agent({ instructions: 'x', model, memory, architecture: new Reflexion({ maxAttempts: 3 }) })
    const point = resumePointOf(cut.map(toLoggedEvent))!
    const result = await agent.run(TASK, { userId: 'u1', resume: point })
    const added = result.events
    expect(added[0]).toMatchObject({
      index: cut.length,
      type: 'run.resumed',
      fromAttempt: 2,
      afterIndex: cut.length - 1,
      cause: { kind: 'framework' },
    })
    expect(added[1]).toMatchObject({
      type: 'reflexion.attempt_started',
      attempt: 2,
      cause: { kind: 'handler', index: point.previousIndex, handler: 'reflexion' },
    })
    expect(added.map((event) => event.index)).toEqual(added.map((_, position) => cut.length + position))
    expect(typesOf(added).filter((type) => type === 'reflexion.attempt_started')).toHaveLength(2)
    expect(result).toMatchObject({ status: 'failed', attempts: 3, bestScore: 0.1 })
    // Usage counts the calls made before the cut too: 4 before, 5 after.
    expect(result.usage.total.calls).toBe(9)
  })
})
