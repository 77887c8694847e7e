import { describe, expect, it } from 'vitest'
import {
  Agent,
  MAX_JSON_DEPTH,
  MAX_REVIEW_OUTPUT_CHARS,
  Reflexion,
  ReflexionConfigError,
  createEvaluator,
  evaluatorConfigSchema,
  jsonDepth,
} from '@/lib/core/reflexion'
import { logProblems, promptText, scriptedModel, textReply } from '@/lib/core/reflexion/test-support'

const context = { task: 'Answer as JSON.', attempt: 1, userId: 'u1' }

describe('huge outputs reach the evaluator and the reflector as a bounded excerpt', () => {
  it('a 1 MB output: both prompts are bounded and say the output was truncated', async () => {
    const output = `START ${'walk '.repeat(200_000)} END`
    const model = scriptedModel([
      textReply(output),
      textReply('score: 0.2\nFar too long.'),
      textReply('{"lesson": "Keep the plan short."}'),
      textReply('short'),
      textReply('score: 1'),
    ])
    const result = await new Agent({ instructions: 'x', model, architecture: new Reflexion({ maxAttempts: 2 }) }).run(
      'Plan a walk.',
    )
    expect(result.status).toBe('succeeded')
    expect(logProblems(result.events)).toEqual([])
    for (const call of [model.doGenerateCalls[1], model.doGenerateCalls[2]]) {
      const prompt = promptText(call)
      expect(prompt.length).toBeLessThan(MAX_REVIEW_OUTPUT_CHARS + 6_000)
      expect(prompt).toContain(
        `(truncated: the full text is ${output.length} characters; showing the first and last parts)`,
      )
      expect(prompt).toContain('<untrusted_output truncated="true"')
      expect(prompt).toContain('START')
      expect(prompt).toContain('END') // the tail is kept too
      expect(prompt).toMatch(/\[… \d+ characters omitted …\]/)
    }
  })
})

describe('bounded evaluators', () => {
  it('a catastrophic regex times out instead of hanging the run', async () => {
    const evaluator = createEvaluator({ kind: 'regex', expected: '^(a+)+$' })
    const evaluation = await evaluator.evaluate(`${'a'.repeat(40)}b`, context)
    expect(evaluation).toMatchObject({ score: 0, feedback: expect.stringContaining('timed out') })
  })

  it('a catastrophic `pattern` inside a JSON Schema is bounded too', async () => {
    const evaluator = createEvaluator({
      kind: 'json_schema',
      schema: { type: 'object', properties: { name: { type: 'string', pattern: '^(a+)+$' } } },
    })
    const evaluation = await evaluator.evaluate(JSON.stringify({ name: `${'a'.repeat(40)}b` }), context)
    expect(evaluation).toMatchObject({ score: 0, feedback: expect.stringContaining('took longer than') })
  })

  it('deeply nested JSON does not blow the stack', async () => {
    const recursive = createEvaluator({
      kind: 'json_schema',
      schema: { $id: 'list', type: 'array', items: { $ref: 'list' } },
    })
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    expect(await recursive.evaluate(deep, context)).toMatchObject({
      score: 0,
      feedback: expect.stringContaining(`at most ${MAX_JSON_DEPTH}`),
    })
    const fine = `${'['.repeat(50)}${']'.repeat(50)}`
    expect(await recursive.evaluate(fine, context)).toMatchObject({ score: 1 })
  })

  it('a huge valid JSON output is validated, and its feedback stays bounded', async () => {
    const evaluator = createEvaluator({ kind: 'json_schema', schema: { type: 'array', items: { type: 'string' } } })
    const huge = JSON.stringify(Array.from({ length: 100_000 }, (_, position) => position))
    const evaluation = await evaluator.evaluate(huge, context)
    expect(evaluation.score).toBe(0)
    expect(evaluation.feedback.length).toBeLessThanOrEqual(2_000)
    expect(await evaluator.evaluate(`\`\`\`json\n${JSON.stringify(['a', 'b'])}\n\`\`\``, context)).toMatchObject({
      score: 1,
    })
  })

  it('counts depth without being fooled by brackets inside strings', () => {
    expect(jsonDepth('{"a": "[[[[[[", "b": [1, [2]]}')).toBe(3)
    expect(jsonDepth('"\\"[[["')).toBe(0)
  })
})

describe('invalid evaluator configs are field errors at construction', () => {
  it('an invalid regex names evaluator.expected', () => {
    const attempt = () => new Reflexion({ evaluator: { kind: 'regex', expected: '([a-z' } })
    expect(attempt).toThrow(/^evaluator\.expected: invalid regular expression: .+/)
    try {
      attempt()
    } catch (error) {
      expect(error).toBeInstanceOf(ReflexionConfigError)
      expect((error as ReflexionConfigError).field).toBe('evaluator.expected')
    }
  })

  it('an invalid JSON Schema names evaluator.schema', () => {
    try {
      createEvaluator({ kind: 'json_schema', schema: { type: 'nonsense' } })
      expect.unreachable()
    } catch (error) {
      expect((error as Error).message).toMatch(/^evaluator\.schema: invalid JSON Schema: .+/)
      expect((error as ReflexionConfigError).field).toBe('evaluator.schema')
    }
  })

  it('the serialisable config schema reports the same problems at their paths (for forms)', () => {
    const regex = evaluatorConfigSchema.safeParse({ kind: 'regex', expected: '(' })
    expect(regex.success).toBe(false)
    expect(regex.error?.issues[0]).toMatchObject({
      path: ['expected'],
      message: expect.stringContaining('invalid regular expression'),
    })
    const schema = evaluatorConfigSchema.safeParse({ kind: 'json_schema', schema: { type: 12 } })
    expect(schema.error?.issues[0]).toMatchObject({
      path: ['schema'],
      message: expect.stringContaining('invalid JSON Schema'),
    })
    expect(evaluatorConfigSchema.safeParse({ kind: 'regex', expected: '^\\d+$' }).success).toBe(true)
  })

  it('a missing field names its path', () => {
    expect(() => createEvaluator({ kind: 'contains' } as never)).toThrow(/evaluator\.expected: /)
  })
})
