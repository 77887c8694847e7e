import { z } from 'zod'

/** Serialisable evaluator choices, for server actions to validate user input. */
export const evaluatorConfigSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('llm'), rubric: z.string().max(4000).optional() }),
  z.object({ kind: z.literal('json_schema'), schema: z.record(z.string(), z.unknown()) }),
  z.object({ kind: z.literal('exact'), expected: z.string(), caseSensitive: z.boolean().optional() }),
  z.object({ kind: z.literal('contains'), expected: z.string(), caseSensitive: z.boolean().optional() }),
  z.object({ kind: z.literal('regex'), expected: z.string().min(1), caseSensitive: z.boolean().optional() }),
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
