import { estimateCostUsd } from './pricing'

/** The roles a model call can play in a run. */
export type ModelRole = 'agent' | 'evaluator' | 'reflector' | 'worker'

/** Token and call counts of one role (or of the whole run). */
export type RoleUsage = { inputTokens: number; outputTokens: number; calls: number }

/** A run's usage per role, the total, and the estimated cost (null when a model's price is unknown). */
export type RunUsage = Record<ModelRole | 'total', RoleUsage> & { costUsd: number | null }

const empty = (): RoleUsage => ({ inputTokens: 0, outputTokens: 0, calls: 0 })

/** Accumulates usage as model calls complete. */
export class UsageMeter {
  private readonly usage: RunUsage = {
    agent: empty(),
    evaluator: empty(),
    reflector: empty(),
    worker: empty(),
    total: empty(),
    costUsd: 0,
  }

  /** Adds one successful model call. */
  record(
    role: ModelRole,
    model: { provider: string; modelId: string },
    tokens: { inputTokens: number; outputTokens: number },
  ): void {
    for (const bucket of [this.usage[role], this.usage.total]) {
      bucket.inputTokens += tokens.inputTokens
      bucket.outputTokens += tokens.outputTokens
      bucket.calls += 1
    }
    const cost = estimateCostUsd(model.provider, model.modelId, tokens)
    this.usage.costUsd = cost === null || this.usage.costUsd === null ? null : this.usage.costUsd + cost
  }

  /** A copy of the usage so far. */
  snapshot(): RunUsage {
    return structuredClone(this.usage)
  }
}
