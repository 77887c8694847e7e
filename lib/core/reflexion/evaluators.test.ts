import { describe, expect, it } from 'vitest'
import { Agent, Reflexion, ReflexionConfigError, createEvaluator, evaluatorConfigSchema } from './index'
import { scriptedModel, textReply } from './test-support'

const context = { task: 'task', attempt: 1, userId: '' }

describe('evaluators', () => {
  it('json_schema: 1 when valid, 0 with ajv errors as feedback, 0 for non-JSON', async () => {
    const evaluator = createEvaluator({
      kind: 'json_schema',
      schema: { type: 'object', required: ['stops'], properties: { stops: { type: 'array', maxItems: 3 } } },
    })
    expect(await evaluator.evaluate('{"stops": ["a", "b"]}', context)).toMatchObject({ score: 1 })
    const tooMany = await evaluator.evaluate('```json\n{"stops": ["a", "b", "c", "d"]}\n```', context)
    expect(tooMany.score).toBe(0)
    expect(tooMany.feedback).toContain('/stops must NOT have more than 3 items')
    expect(await evaluator.evaluate('not json', context)).toMatchObject({
      score: 0,
      feedback: expect.stringContaining('not valid JSON'),
    })
  })

  it('json_schema: an invalid schema is a clear error at construction', () => {
    expect(() => createEvaluator({ kind: 'json_schema', schema: { type: 'nonsense' } })).toThrow(ReflexionConfigError)
    expect(() => new Reflexion({ evaluator: { kind: 'json_schema', schema: { type: 'nonsense' } } })).toThrow(
      'invalid JSON Schema',
    )
  })

  it('exact, contains and regex, with caseSensitive', async () => {
    expect((await createEvaluator({ kind: 'exact', expected: '42' }).evaluate(' 42\n', context)).score).toBe(1)
    expect((await createEvaluator({ kind: 'exact', expected: 'Paris' }).evaluate('paris', context)).score).toBe(0)
    expect(
      (await createEvaluator({ kind: 'exact', expected: 'Paris', caseSensitive: false }).evaluate('paris', context))
        .score,
    ).toBe(1)
    expect(
      (await createEvaluator({ kind: 'contains', expected: 'ISO 8601' }).evaluate('dates in ISO 8601 form', context))
        .score,
    ).toBe(1)
    const missing = await createEvaluator({ kind: 'contains', expected: 'walk' }).evaluate('drive', context)
    expect(missing).toEqual({ score: 0, feedback: 'The output must contain: walk' })
    expect(
      (await createEvaluator({ kind: 'regex', expected: '^\\d{4}-\\d{2}-\\d{2}$' }).evaluate('2025-01-31', context))
        .score,
    ).toBe(1)
    expect(
      (await createEvaluator({ kind: 'regex', expected: 'WALK', caseSensitive: false }).evaluate('a walk', context))
        .score,
    ).toBe(1)
  })

  it('regex: a catastrophic pattern finishes with score 0 and says it timed out', async () => {
    const evaluator = createEvaluator({ kind: 'regex', expected: '^(a+)+$' })
    const result = await evaluator.evaluate(`${'a'.repeat(40)}b`, context)
    expect(result.score).toBe(0)
    expect(result.feedback).toContain('timed out')
  })

  it('regex: an invalid pattern is a construction error', () => {
    expect(() => createEvaluator({ kind: 'regex', expected: '(' })).toThrow(
      'evaluator.expected: invalid regular expression',
    )
  })

  it('rejects unknown kinds with the accepted list; the zod schema validates input', () => {
    expect(() => createEvaluator({ kind: 'fuzzy' } as never)).toThrow(
      'kinds: llm, json_schema, exact, contains, regex, or a function',
    )
    expect(evaluatorConfigSchema.safeParse({ kind: 'contains', expected: 'x' }).success).toBe(true)
    expect(evaluatorConfigSchema.safeParse({ kind: 'regex' }).success).toBe(false)
  })

  it('a function evaluator: its feedback reaches the reflector and no evaluator model call is made', async () => {
    const model = scriptedModel([
      textReply('5 stops'),
      textReply('{"lesson":"At most 3 stops."}'),
      textReply('3 stops'),
    ])
    const evaluator = (output: string) =>
      output.startsWith('3')
        ? { score: 1, feedback: 'ok' }
        : { score: 0, feedback: 'The plan has 5 stops; an easy walk allows at most 3.' }
    const result = await new Agent({ instructions: 'x', model, architecture: new Reflexion({ evaluator }) }).run('plan')
    expect(result.status).toBe('succeeded')
    expect(model.doGenerateCalls).toHaveLength(3)
    const reflectorPrompt = JSON.stringify(model.doGenerateCalls[1].prompt)
    expect(reflectorPrompt).toContain('The plan has 5 stops; an easy walk allows at most 3.')
    const evaluated = result.events.filter((event) => event.type === 'reflexion.evaluated')
    expect(evaluated[0]).toMatchObject({ evaluator: 'function', score: 0, passed: false })
    expect(evaluated[0].cause).toEqual({ kind: 'handler', index: evaluated[0].index - 1, handler: 'evaluate' })
    expect(result.usage.evaluator.calls).toBe(0)
  })

  it('the llm judge uses evaluatorPrompt and the rubric', async () => {
    const model = scriptedModel([textReply('answer'), textReply('score: 9/10')])
    await new Agent({
      instructions: 'x',
      model,
      architecture: new Reflexion({
        evaluatorPrompt: 'Grade travel plans.',
        evaluator: { kind: 'llm', rubric: 'At most 3 stops.' },
      }),
    }).run('plan')
    const system = model.doGenerateCalls[1].prompt[0]
    expect(system).toMatchObject({ role: 'system' })
    expect(system.content).toContain('Grade travel plans.')
    expect(system.content).toContain('At most 3 stops.')
  })

  it('a function evaluator that throws ends the run with handler_raised via evaluate', async () => {
    const model = scriptedModel([textReply('answer')])
    const result = await new Agent({
      instructions: 'x',
      model,
      architecture: new Reflexion({
        evaluator: () => {
          throw new Error('checker crashed')
        },
      }),
    }).run('plan')
    const raised = result.events.find((event) => event.type === 'run.handler_raised')!
    const produced = result.events.find((event) => event.type === 'agent.output_produced')!
    expect(raised).toMatchObject({
      handler: 'evaluate',
      error: 'checker crashed',
      sourceEvent: produced.index,
      cause: { kind: 'handler', index: produced.index, handler: 'evaluate' },
    })
    expect(result.interruptionReason).toBe('provider_error')
  })
})
