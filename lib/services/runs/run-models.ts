import type { LanguageModelV4 } from '@ai-sdk/provider'
import { env } from '../../env'
import { createDemoModel, DEMO_MODEL_SPEC, isDemoModel } from '../../adapters/models/demo'
import { resolveModel } from '../../adapters/models/resolve'
import type { SecretsBackend } from '../../adapters/models/secrets'
import { withModelMetrics } from '../../adapters/observability/model-metrics'

/** The models a run uses, as model strings (agent always set; role models empty = the agent's model). */
export type RunModels = { agent: string; evaluator?: string; reflector?: string }

/** The agent model of a task: its own, else the tenant default, else DEFAULT_MODEL, else the offline demo model. */
export function effectiveAgentModel(requested: string | undefined, tenantDefault: string | undefined): string {
  return requested || tenantDefault || env.DEFAULT_MODEL || DEMO_MODEL_SPEC
}

export { modelDisplayLabel } from './labels'

/** Resolves a run's model string: the demo model offline, anything else through the AI SDK providers. */
export async function resolveRunModel(
  spec: string,
  secrets: SecretsBackend,
  options: { demoLatencyMs?: number } = {},
): Promise<LanguageModelV4> {
  const model = isDemoModel(spec)
    ? createDemoModel({ latencyMs: options.demoLatencyMs })
    : await resolveModel(spec, secrets)
  return withModelMetrics(model)
}
