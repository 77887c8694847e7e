import { compileJsonSchema } from './json-schema-validator'
import { ReflexionConfigError } from './errors'
import {
  evaluatorConfigSchema,
  jsonSchemaProblem,
  regexProblem,
  type Evaluation,
  type Evaluator,
  type EvaluatorConfig,
} from './evaluator-config'
import { parseScore } from './parse-score'
import {
  DEFAULT_EVALUATOR_PROMPT,
  MAX_FEEDBACK_CHARS,
  MAX_REVIEW_OUTPUT_CHARS,
  MAX_REVIEW_TASK_CHARS,
  bound,
} from './prompts'
import { boundedCall, boundedRegexTest } from './regex-match'
import { UNTRUSTED_DATA_RULE, labelledSection } from './untrusted'

/** The judge's user prompt: the task and a bounded excerpt of the output, each a delimited data section. */
export function evaluatorInput(task: string, output: string): string {
  return [
    labelledSection('Task', 'task', task, MAX_REVIEW_TASK_CHARS),
    labelledSection('Output', 'output', output, MAX_REVIEW_OUTPUT_CHARS),
  ].join('\n\n')
}

function llmEvaluator(rubric: string | undefined, evaluatorPrompt: string | undefined): Evaluator {
  const system = [evaluatorPrompt ?? DEFAULT_EVALUATOR_PROMPT, rubric ? `Rubric:\n${rubric}` : '', UNTRUSTED_DATA_RULE]
    .filter(Boolean)
    .join('\n\n')
  return {
    kind: 'llm',
    usesModel: true,
    async evaluate(output, context) {
      if (!context.judge) throw new Error('the llm evaluator needs a model (context.judge)')
      const reply = await context.judge(system, evaluatorInput(context.task, output))
      return { score: parseScore(reply), feedback: bound(reply.trim(), MAX_FEEDBACK_CHARS) }
    },
  }
}

/** The largest JSON output the json_schema evaluator parses, in characters. */
export const MAX_JSON_OUTPUT_CHARS = 5_000_000

/** The deepest nesting of arrays and objects the json_schema evaluator accepts. */
export const MAX_JSON_DEPTH = 256

/** How long one JSON Schema validation may run (a schema `pattern` is a regex). */
const VALIDATION_TIMEOUT_MS = 1_000

/** Drops a surrounding ``` or ```json fence (string operations: no regex to backtrack on a huge output). */
function stripFences(text: string): string {
  const trimmed = text.trim()
  if (trimmed.length < 6 || !trimmed.startsWith('```') || !trimmed.endsWith('```')) return trimmed
  const body = trimmed.slice(3, -3)
  return (body.slice(0, 4).toLowerCase() === 'json' ? body.slice(4) : body).trim()
}

/** The deepest bracket nesting of a JSON text, counted in one pass (strings skipped) without recursion. */
export function jsonDepth(text: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let position = 0; position < text.length; position++) {
    const character = text.charCodeAt(position)
    if (inString) {
      if (character === 92)
        position++ // backslash: skip the escaped character
      else if (character === 34) inString = false
    } else if (character === 34) inString = true
    else if (character === 91 || character === 123) deepest = Math.max(deepest, ++depth)
    else if (character === 93 || character === 125) depth--
  }
  return deepest
}

function jsonSchemaEvaluator(schema: Record<string, unknown>): Evaluator {
  const problem = jsonSchemaProblem(schema)
  if (problem) throw new ReflexionConfigError(`evaluator.schema: invalid JSON Schema: ${problem}`, 'evaluator.schema')
  let validate: ReturnType<typeof compileJsonSchema>
  try {
    validate = compileJsonSchema(schema)
  } catch (error) {
    throw new ReflexionConfigError(
      `evaluator.schema: invalid JSON Schema: ${(error as Error).message}`,
      'evaluator.schema',
    )
  }
  return {
    kind: 'json_schema',
    usesModel: false,
    async evaluate(output) {
      const text = stripFences(output)
      if (text.length > MAX_JSON_OUTPUT_CHARS)
        return {
          score: 0,
          feedback: `The output is ${text.length} characters; JSON outputs over ${MAX_JSON_OUTPUT_CHARS} are not validated.`,
        }
      const depth = jsonDepth(text)
      if (depth > MAX_JSON_DEPTH)
        return {
          score: 0,
          feedback: `The output nests arrays/objects ${depth} levels deep; at most ${MAX_JSON_DEPTH} are accepted.`,
        }
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch (error) {
        return {
          score: 0,
          feedback: bound(`The output is not valid JSON: ${(error as Error).message}`, MAX_FEEDBACK_CHARS),
        }
      }
      let checked
      try {
        checked = boundedCall(() => validate(value), VALIDATION_TIMEOUT_MS)
      } catch (error) {
        if (error instanceof RangeError)
          return { score: 0, feedback: 'The output could not be validated: it is nested too deeply for the schema.' }
        throw error
      }
      if (checked.timedOut)
        return {
          score: 0,
          feedback: `JSON Schema validation took longer than ${VALIDATION_TIMEOUT_MS} ms on this output; counted as a failure.`,
        }
      if (checked.value) return { score: 1, feedback: 'The output matches the JSON schema.' }
      const errors = (validate.errors ?? [])
        .slice(0, 20)
        .map((item) => `${item.instancePath || '/'} ${item.message ?? 'is invalid'}`)
      return {
        score: 0,
        feedback: bound(`The output does not match the JSON schema: ${errors.join('; ')}`, MAX_FEEDBACK_CHARS),
      }
    },
  }
}

function textEvaluator(kind: 'exact' | 'contains' | 'regex', expected: string, caseSensitive: boolean): Evaluator {
  const fold = (text: string) => (caseSensitive ? text : text.toLowerCase())
  const problem = kind === 'regex' ? regexProblem(expected, caseSensitive) : undefined
  if (problem)
    throw new ReflexionConfigError(`evaluator.expected: invalid regular expression: ${problem}`, 'evaluator.expected')
  return {
    kind,
    usesModel: false,
    async evaluate(output): Promise<Evaluation> {
      if (kind === 'exact') {
        const passed = fold(output.trim()) === fold(expected.trim())
        return {
          score: passed ? 1 : 0,
          feedback: passed
            ? 'The output equals the expected answer.'
            : `The output must be exactly: ${bound(expected, 500)}`,
        }
      }
      if (kind === 'contains') {
        const passed = fold(output).includes(fold(expected))
        return {
          score: passed ? 1 : 0,
          feedback: passed
            ? 'The output contains the expected text.'
            : `The output must contain: ${bound(expected, 500)}`,
        }
      }
      const result = boundedRegexTest(expected, caseSensitive ? '' : 'i', output)
      if (result.timedOut)
        return {
          score: 0,
          feedback: `The regex check timed out on this output (pattern /${bound(expected, 200)}/); counted as a failure.`,
        }
      return {
        score: result.matched ? 1 : 0,
        feedback: result.matched
          ? 'The output matches the pattern.'
          : `The output must match /${bound(expected, 200)}/.`,
      }
    },
  }
}

/**
 * Builds an evaluator from a config (llm judge, json_schema, exact, contains, regex) or wraps a function.
 * Invalid configs (bad schema, bad pattern, unknown kind) throw a ReflexionConfigError here, not mid-run.
 */
export function createEvaluator(
  config: EvaluatorConfig = { kind: 'llm' },
  options: { evaluatorPrompt?: string } = {},
): Evaluator {
  if (typeof config === 'function') {
    return { kind: 'function', usesModel: false, evaluate: async (output, context) => config(output, context) }
  }
  const parsed = evaluatorConfigSchema.safeParse(config)
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({
      field: `evaluator.${issue.path.join('.') || 'kind'}`,
      message: issue.message,
    }))
    const unknownKind = issues.some((issue) => issue.field === 'evaluator.kind')
    const text = issues.map((issue) => `${issue.field}: ${issue.message}`).join('; ')
    throw new ReflexionConfigError(
      unknownKind ? `${text}; kinds: llm, json_schema, exact, contains, regex, or a function` : text,
      issues[0]?.field,
    )
  }
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
