import { via } from '../events/cause'
import { HANDLERS } from '../events/vocabulary'
import { ReflexionConfigError, requireInteger } from './errors'
import { RunContext, RunStop } from './run-context'

/** Limits on a run's usage, checked once per attempt; `warnAt` is the warning fraction (default 0.8). */
export type Budget = { maxTokens?: number; maxCostUsd?: number; maxModelCalls?: number; warnAt?: number }

/** Throws a ReflexionConfigError when a budget limit is out of range. */
export function validateBudget(budget: Budget | undefined): void {
  if (!budget) return
  if (budget.maxTokens !== undefined) requireInteger('Agent', 'budget.maxTokens', budget.maxTokens, 1)
  if (budget.maxModelCalls !== undefined) requireInteger('Agent', 'budget.maxModelCalls', budget.maxModelCalls, 1)
  if (budget.maxCostUsd !== undefined && !(budget.maxCostUsd > 0))
    throw new ReflexionConfigError(`Agent: budget.maxCostUsd must be a number > 0 (got ${String(budget.maxCostUsd)})`)
  if (budget.warnAt !== undefined && !(budget.warnAt > 0 && budget.warnAt <= 1))
    throw new ReflexionConfigError(`Agent: budget.warnAt must be a fraction in (0, 1] (got ${String(budget.warnAt)})`)
}

type Measure = { metric: 'tokens' | 'costUsd' | 'modelCalls'; used: number; limit: number }

function measures(run: RunContext, budget: Budget): Measure[] {
  const usage = run.usage.snapshot()
  const list: Measure[] = []
  if (budget.maxTokens !== undefined)
    list.push({ metric: 'tokens', used: usage.total.inputTokens + usage.total.outputTokens, limit: budget.maxTokens })
  if (budget.maxModelCalls !== undefined)
    list.push({ metric: 'modelCalls', used: usage.total.calls, limit: budget.maxModelCalls })
  if (budget.maxCostUsd !== undefined && usage.costUsd !== null)
    list.push({ metric: 'costUsd', used: usage.costUsd, limit: budget.maxCostUsd })
  return list
}

/**
 * Checks the budget before an attempt. Emits run.budget_warning once when a measure crosses `warnAt`,
 * and run.budget_exceeded (then stops the run) when one reaches its limit; both caused via budget by `sourceIndex`.
 */
export async function checkBudget(
  run: RunContext,
  budget: Budget | undefined,
  sourceIndex: number,
  state: { warned: boolean },
  attempt: number,
): Promise<void> {
  if (!budget) return
  const all = measures(run, budget)
  const exceeded = all.find((measure) => measure.used >= measure.limit)
  if (exceeded) {
    const index = await run.emit('run.budget_exceeded', via(sourceIndex, HANDLERS.budget), { ...exceeded, attempt })
    throw new RunStop(
      'budget_exceeded',
      via(index, HANDLERS.budget),
      `${exceeded.metric} ${exceeded.used} of ${exceeded.limit}`,
    )
  }
  const warnAt = budget.warnAt ?? 0.8
  const warning = all.find((measure) => measure.used >= measure.limit * warnAt)
  if (warning && !state.warned) {
    state.warned = true
    await run.emit('run.budget_warning', via(sourceIndex, HANDLERS.budget), { ...warning, warnAt, attempt })
  }
}
