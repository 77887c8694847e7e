import { describe, expect, it } from 'vitest'
import { edgesFrom, edgesInto, formatEdge, TOPOLOGY } from './topology'
import { HANDLERS, isEventType } from './vocabulary'

describe('TOPOLOGY', () => {
  it('names only vocabulary types and the handlers the engine records', () => {
    const handlers = new Set<string>(Object.values(HANDLERS))
    for (const edge of TOPOLOGY) {
      expect(isEventType(edge.source), edge.source).toBe(true)
      expect(isEventType(edge.target), edge.target).toBe(true)
      expect(handlers.has(edge.handler), edge.handler).toBe(true)
    }
  })

  it('declares the edges of the brief, with their causation kinds', () => {
    const rendered = TOPOLOGY.map(formatEdge)
    expect(rendered).toContain('run.submitted --reflexion [intent]--> reflexion.attempt_started')
    expect(rendered).toContain('agent.tool_called --tools [chain]--> agent.tool_returned')
    expect(rendered).toContain('reflexion.lesson_produced --persist_lesson [chain]--> reflexion.lesson_persisted')
    expect(rendered).toContain('agent.out_of_turns --reflexion [react]--> run.interrupted')
    expect(rendered).toContain('run.guardrail_tripped --guardrails [react]--> run.interrupted')
    expect(new Set(rendered).size).toBe(rendered.length)
    expect(TOPOLOGY).toHaveLength(78)
  })

  it('finds edges by target and by source', () => {
    expect(
      edgesInto('run.interrupted')
        .map((edge) => edge.source)
        .sort(),
    ).toEqual(
      expect.arrayContaining([
        'agent.out_of_turns',
        'run.budget_exceeded',
        'run.guardrail_tripped',
        'run.handler_raised',
        'agent.model_called',
      ]),
    )
    expect(edgesFrom('agent.tool_called')).toEqual([
      { source: 'agent.tool_called', target: 'agent.tool_returned', handler: 'tools', causation: 'chain' },
      { source: 'agent.tool_called', target: 'run.interrupted', handler: 'reflexion', causation: 'react' },
    ])
    expect(edgesInto('run.started')).toEqual([])
  })
})
