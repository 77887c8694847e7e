import { Ajv } from 'ajv'
import { ReflexionConfigError } from './errors'
import { evaluatorConfigSchema, type Evaluation, type Evaluator, type EvaluatorConfig } from './evaluator-config'
import { parseScore } from './parse-score'
import { DEFAULT_EVALUATOR_PROMPT, bound } from './prompts'
import { boundedRegexTest } from './regex-match'

/** Feedback text is bounded so it stays cheap in the reflector's prompt and in events. */
const MAX_FEEDBACK_CHARS = 2000

function llmEvaluator(rubric: string | undefined, evaluatorPrompt: string | undefined): Evaluator {
  const system = [evaluatorPrompt ?? DEFAULT_EVALUATOR_PROMPT, rubric ? `Rubric:\n${rubric}` : ''].filter(Boolean).join('\n\n')
  return {
    kind: 'llm',
    usesModel: true,
    async evaluate(output, context) {
      if (!context.judge) throw new Error('the llm evaluator needs a model (context.judge)')
      const reply = await context.judge(system, `Task:\n${context.task}\n\nOutput:\n${output}`)
      return { score: parseScore(reply), feedback: bound(reply.trim(), MAX_FEEDBACK_CHARS) }
    },
  }
}

function stripFences(text: string): string {
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(text.trim())
  return fenced ? fenced[1] : text.trim()
}

function jsonSchemaEvaluator(schema: Record<string, unknown>): Evaluator {
  let validate
  try {
    validate = new Ajv({ allErrors: true, strict: false }).compile(schema)
  } catch (error) {
    throw new ReflexionConfigError(`evaluator json_schema: invalid JSON Schema (${(error as Error).message})`)
  }
  return {
    kind: 'json_schema',
    usesModel: false,
    async evaluate(output) {
      let value: unknown
      try {
        value = JSON.parse(stripFences(output))
      } catch (error) {
        return { score: 0, feedback: `The output is not valid JSON: ${(error as Error).message}` }
      }
      if (validate(value)) return { score: 1, feedback: 'The output matches the JSON schema.' }
      const errors = (validate.errors ?? []).map((item) => `${item.instancePath || '/'} ${item.message ?? 'is invalid'}`)
      return { score: 0, feedback: bound(`The output does not match the JSON schema: ${errors.join('; ')}`, MAX_FEEDBACK_CHARS) }
    },
  }
}

function textEvaluator(kind: 'exact' | 'contains' | 'regex', expected: string, caseSensitive: boolean): Evaluator {
  const fold = (text: string) => (caseSensitive ? text : text.toLowerCase())
  if (kind === 'regex') {
    try {
      new RegExp(expected)
    } catch (error) {
      throw new ReflexionConfigError(`evaluator regex: invalid pattern (${(error as Error).message})`)
    }
  }
  return {
    kind,
    usesModel: false,
    async evaluate(output): Promise<Evaluation> {
      if (kind === 'exact') {
        const passed = fold(output.trim()) === fold(expected.trim())
        return { score: passed ? 1 : 0, feedback: passed ? 'The output equals the expected answer.' : `The output must be exactly: ${bound(expected, 500)}` }
      }
      if (kind === 'contains') {
        const passed = fold(output).includes(fold(expected))
        return { score: passed ? 1 : 0, feedback: passed ? 'The output contains the expected text.' : `The output must contain: ${bound(expected, 500)}` }
      }
      const result = boundedRegexTest(expected, caseSensitive ? '' : 'i', output)
      if (result.timedOut) return { score: 0, feedback: `The regex check timed out on this output (pattern /${bound(expected, 200)}/); counted as a failure.` }
      return { score: result.matched ? 1 : 0, feedback: result.matched ? 'The output matches the pattern.' : `The output must match /${bound(expected, 200)}/.` }
    },
  }
}

/**
 * Builds an evaluator from a config (llm judge, json_schema, exact, contains, regex) or wraps a function.
 * Invalid configs (bad schema, bad pattern, unknown kind) throw a ReflexionConfigError here, not mid-run.
 */
export function createEvaluator(config: EvaluatorConfig = { kind: 'llm' }, options: { evaluatorPrompt?: string } = {}): Evaluator {
  if (typeof config === 'function') {
    return { kind: 'function', usesModel: false, evaluate: async (output, context) => config(output, context) }
  }
  const parsed = evaluatorConfigSchema.safeParse(config)
  if (!parsed.success) throw new ReflexionConfigError(`evaluator: invalid config (${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'kind'}: ${issue.message}`).join('; ')}); kinds: llm, json_schema, exact, contains, regex, or a function`)
  const valid = parsed.data
  switch (valid.kind) {
    case 'llm':
      return llmEvaluator(valid.rubric, options.evaluatorPrompt)
    case 'json_schema':
      return jsonSchemaEvaluator(valid.schema)
    default:
      return textEvaluator(valid.kind, valid.expected, valid.caseSensitive ?? true)
  }
}
