import { describe, expect, it } from 'vitest'
import { Agent, ReAct, Reflexion, ReflexionConfigError, Supervisor } from './index'
import { scriptedModel } from './test-support'

describe('Reflexion constructor rules', () => {
  it('has the spec defaults', () => {
    const reflexion = new Reflexion()
    expect(reflexion.name).toBe('reflexion')
    expect(reflexion.maxAttempts).toBe(3)
    expect(reflexion.threshold).toBe(0.8)
    expect(reflexion.lessonsBlockName).toBe('reflexion_lessons')
    expect(reflexion.topKLessons).toBe(5)
    expect(reflexion.maxLessons).toBe(10)
    expect(reflexion.base).toBeInstanceOf(ReAct)
    expect(reflexion.evaluator.kind).toBe('llm')
    expect(reflexion.declaredWorkers()).toEqual({})
  })

  it.each([
    [{ maxAttempts: 0 }, 'Reflexion: maxAttempts must be an integer >= 1 (got 0)'],
    [{ maxAttempts: 1.5 }, 'Reflexion: maxAttempts must be an integer >= 1 (got 1.5)'],
    [{ threshold: -0.1 }, 'Reflexion: threshold must be a number in [0, 1] (got -0.1)'],
    [{ threshold: 1.2 }, 'Reflexion: threshold must be a number in [0, 1] (got 1.2)'],
    [{ threshold: Number.NaN }, 'Reflexion: threshold must be a number in [0, 1] (got NaN)'],
    [{ topKLessons: 0 }, 'Reflexion: topKLessons must be an integer >= 1 (got 0)'],
    [{ maxLessons: 0 }, 'Reflexion: maxLessons must be an integer >= 1 (got 0)'],
  ])('rejects %j', (options, message) => {
    expect(() => new Reflexion(options)).toThrow(ReflexionConfigError)
    expect(() => new Reflexion(options)).toThrow(RangeError)
    expect(() => new Reflexion(options)).toThrow(message)
  })

  it('accepts the range ends', () => {
    expect(new Reflexion({ threshold: 0, maxAttempts: 1, topKLessons: 1, maxLessons: 1 }).threshold).toBe(0)
    expect(new Reflexion({ threshold: 1 }).threshold).toBe(1)
  })

  it('rejects bad Agent, ReAct and Supervisor options with the parameter named', () => {
    const model = scriptedModel([])
    expect(() => new Agent({ instructions: 'x', model, maxTurns: 0 })).toThrow(
      'Agent: maxTurns must be an integer >= 1 (got 0)',
    )
    expect(() => new Agent({ instructions: 'x', model, budget: { maxTokens: 0 } })).toThrow('budget.maxTokens')
    expect(() => new Agent({ instructions: 'x', model, budget: { warnAt: 2 } })).toThrow('budget.warnAt')
    expect(() => new Agent({ instructions: 'x', model, budget: { warnAt: 0 } })).toThrow(
      'Agent: budget.warnAt must be a fraction in (0, 1] (got 0)',
    )
    expect(() => new ReAct({ maxTurns: -1 })).toThrow('ReAct: maxTurns must be an integer >= 1 (got -1)')
    expect(() => new Supervisor({ workers: {} })).toThrow('Supervisor: workers')
  })

  it('Supervisor declares its workers; Reflexion over it declares none', () => {
    const writer = new Agent({ instructions: 'write', model: scriptedModel([]) })
    const supervisor = new Supervisor({ workers: { writer } })
    expect(supervisor.declaredWorkers()).toEqual({ writer })
    expect(new Reflexion({ base: supervisor }).declaredWorkers()).toEqual({})
  })
})
