import { describe, expect, it } from 'vitest'
import { failedThenPassed } from '@/tests/unit/fixtures/run-scenarios'
import { LogBuilder } from './log-builder'
import { Reflection } from './reflection'
import { editDistance } from './type-selector'

const reflection = Reflection.fromEvents(failedThenPassed().events)
const count = (type: string) => reflection.query({ op: 'count', type })

describe('type arguments', () => {
  it('match a full type, a name, a namespace or a kind', () => {
    expect(count('reflexion.evaluated')).toBe('2')
    expect(count('evaluated')).toBe('2')
    expect(count('reflexion')).toBe('9')
    expect(count('agent')).toBe('13')
    expect(count('Command')).toBe('1')
    expect(count('DomainEvent')).toBe('11')
    expect(count('IntegrationEvent')).toBe('11')
    expect(count('SystemEvent')).toBe('2')
    expect(count('Event')).toBe('25')
  })

  it('accept CamelCase names and vocabulary types absent from the log', () => {
    expect(count('AttemptStarted')).toBe('2')
    expect(count('reflexion.max_attempts_reached')).toBe('0')
    expect(count('worker_delegated')).toBe('0')
  })

  it('merge one name across namespaces and keep positions in log order', () => {
    const log = new LogBuilder()
    const seed = log.seed('run.submitted', {})
    log.by(seed, 'custom', 'audit.finished', { by: 'x' })
    log.framework('run.finished', { status: 'succeeded' })
    const mixed = Reflection.fromEvents(log.events)
    expect(mixed.query({ op: 'filter', type: 'finished' })).toMatch(
      /^filter name finished \(run\.finished, audit\.finished\): 2 matches\n#1 audit\.finished.*\n#2 run\.finished/,
    )
    expect(mixed.query({ op: 'count', type: 'audit' })).toBe('1')
    expect(mixed.tool().description).toContain(
      'audit.finished (SystemEvent) — present in this log, not in the product vocabulary',
    )
  })

  it('suggest near names for typos and list what is accepted otherwise', () => {
    expect(count('reflexion.evalated')).toBe(
      "error: unknown type 'reflexion.evalated' — did you mean: reflexion.evaluated?",
    )
    expect(count('evaluted')).toBe("error: unknown type 'evaluted' — did you mean: reflexion.evaluated?")
    expect(count('DomainEvents')).toMatch(/^error: unknown type 'DomainEvents' — did you mean: DomainEvent/)
    expect(count('lesson')).toBe(
      "error: unknown type 'lesson' — did you mean: reflexion.lessons_recalled, reflexion.lesson_produced, reflexion.lesson_persisted?",
    )
    expect(count('zzzzzzzzzzzzzz')).toBe(
      "error: unknown type 'zzzzzzzzzzzzzz' — accepted: a full type (reflexion.evaluated), a name (evaluated), a namespace (run, reflexion, agent) or a kind (Command, DomainEvent, IntegrationEvent, SystemEvent, Event); op='schema' and the tool description list every type",
    )
  })

  it('edit distance is Levenshtein', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3)
    expect(editDistance('', 'abc')).toBe(3)
    expect(editDistance('same', 'same')).toBe(0)
  })
})
