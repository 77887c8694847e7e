// The names people see for evaluators and models, one map each, used by the form, the templates and the run
// page alike (they disagreed: "regex" on one page, "regular expression" on another). Safe in the browser.
import type { SerializableEvaluatorConfig } from '../../core/reflexion/evaluator-config'
import { DEMO_MODEL_LABEL, isDemoModel } from '../../adapters/models/demo/demo-spec'

/** The kinds of evaluator a task may name. */
export type EvaluatorKind = SerializableEvaluatorConfig['kind']

/** What each evaluator is called wherever one is named. */
export const EVALUATOR_LABELS: Record<EvaluatorKind, string> = {
  llm: 'LLM judge',
  json_schema: 'JSON Schema',
  exact: 'exact answer',
  contains: 'contains',
  regex: 'regular expression',
}

/** The label of an evaluator kind; a kind this build does not know (an old run) is shown as stored. */
export function evaluatorLabel(kind: string): string {
  return Object.hasOwn(EVALUATOR_LABELS, kind) ? EVALUATOR_LABELS[kind as EvaluatorKind] : kind
}

/** The label shown for a model string ("demo (offline)" for the demo model). */
export function modelDisplayLabel(spec: string): string {
  return isDemoModel(spec) ? DEMO_MODEL_LABEL : spec
}
