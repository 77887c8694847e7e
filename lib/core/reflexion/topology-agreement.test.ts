import { describe, expect, it } from 'vitest'
import type { EngineEvent } from '../events/event'
import { TOPOLOGY } from '../events/topology'
import { Agent, Reflexion } from './index'
import { scriptedModel, textReply } from './test-support'

/** Recorded handler causes that have no static edge `source --handler--> target`. */
function undeclared(events: EngineEvent[]): string[] {
  return events.flatMap((event) => {
    if (event.cause.kind !== 'handler') return []
    const { index, handler } = event.cause
    const source = events.find((candidate) => candidate.index === index)?.type
    const declared = TOPOLOGY.some(
      (edge) => edge.source === source && edge.handler === handler && edge.target === event.type,
    )
    return declared ? [] : [`${source} --${handler}--> ${event.type}`]
  })
}

describe('recorded causes agree with the static topology', () => {
  it('for a learning run: attempt, low score, lesson, pass', async () => {
    const model = scriptedModel([
      textReply('5 stops'),
      textReply('score: 2/10'),
      textReply('{"lesson":"At most 3 stops."}'),
      textReply('3 stops'),
      textReply('score: 9/10'),
    ])
    const result = await new Agent({ instructions: 'x', model, architecture: new Reflexion() }).run('plan')
    expect(undeclared(result.events)).toEqual([])
  })

  it('for a run that reaches max attempts', async () => {
    const model = scriptedModel([
      textReply('a'),
      textReply('score: 0'),
      textReply('lesson'),
      textReply('b'),
      textReply('score: 0'),
    ])
    const result = await new Agent({ instructions: 'x', model, architecture: new Reflexion({ maxAttempts: 2 }) }).run(
      'plan',
    )
    expect(undeclared(result.events)).toEqual([])
  })
})
