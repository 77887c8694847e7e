import { z } from 'zod'
import { jsonSchemaUsabilityProblem } from './json-schema-validator'

/** Why a regex pattern does not compile (e.g. `Unterminated group`), or undefined when it does. */
export function regexProblem(pattern: string, caseSensitive = true): string | undefined {
  try {
    new RegExp(pattern, caseSensitive ? '' : 'i')
    return undefined
  } catch (error) {
    return (error as Error).message.replace(/^Invalid regular expression:\s*/i, '')
  }
}

/**
 * Why a JSON Schema cannot be used (size, meta-schema, dangling `$ref`), or undefined. Cheap enough
 * for a request: the schema is compiled only when a run first evaluates with it, in the worker.
 */
export function jsonSchemaProblem(schema: Record<string, unknown>): string | undefined {
  return jsonSchemaUsabilityProblem(schema)
}

/** Serialisable evaluator choices, for server actions to validate user input (a bad pattern or schema is a field error). */
export const evaluatorConfigSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('llm'), rubric: z.string().max(4000).optional() }),
  z
    .object({ kind: z.literal('json_schema'), schema: z.record(z.string(), z.unknown()) })
    .superRefine((config, context) => {
      const problem = jsonSchemaProblem(config.schema)
      if (problem) context.addIssue({ code: 'custom', path: ['schema'], message: `invalid JSON Schema: ${problem}` })
    }),
  z.object({ kind: z.literal('exact'), expected: z.string(), caseSensitive: z.boolean().optional() }),
  z.object({ kind: z.literal('contains'), expected: z.string(), caseSensitive: z.boolean().optional() }),
  z
    .object({ kind: z.literal('regex'), expected: z.string().min(1), caseSensitive: z.boolean().optional() })
    .superRefine((config, context) => {
      const problem = regexProblem(config.expected, config.caseSensitive ?? true)
      if (problem)
        context.addIssue({ code: 'custom', path: ['expected'], message: `invalid regular expression: ${problem}` })
    }),
])

/** A serialisable evaluator configuration. */
export type SerializableEvaluatorConfig = z.infer<typeof evaluatorConfigSchema>

/** What an evaluator returns: a score in [0, 1] and feedback for the reflector. */
export type Evaluation = { score: number; feedback: string }

/** What an evaluator sees besides the output. `judge` calls the evaluator model (llm kind only). */
export type EvaluationContext = {
  task: string
  attempt: number
  userId: string
  judge?: (system: string, prompt: string) => Promise<string>
}

/** A programmatic evaluator: any function of the output. */
export type EvaluatorFunction = (output: string, context: EvaluationContext) => Evaluation | Promise<Evaluation>

/** Every evaluator the engine accepts: a serialisable config or a function. */
export type EvaluatorConfig = SerializableEvaluatorConfig | EvaluatorFunction

/** A ready evaluator. `usesModel` is true for the LLM judge (one model call per evaluation). */
export interface Evaluator {
  readonly kind: string
  readonly usesModel: boolean
  evaluate(output: string, context: EvaluationContext): Promise<Evaluation>
}
