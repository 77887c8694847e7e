import type { KnownLoggedEvent, LoggedEvent } from '@/lib/core/events/event'
import { usage as usageReducer } from '@/lib/core/events/reducers'
import { estimateCostUsd } from '@/lib/core/reflexion/pricing'

/** Tokens, calls and estimated cost of one model role; cost is null when a model's price is unknown. */
export type RoleUsageRow = {
  role: string
  calls: number
  inputTokens: number
  outputTokens: number
  costUsd: number | null
}

const ROLES = ['agent', 'evaluator', 'reflector', 'worker']

function costOf(event: KnownLoggedEvent<'agent.model_called'>): number | null {
  const label = event.payload.model ?? ''
  const colon = label.indexOf(':')
  if (colon <= 0) return null
  const tokens = event.payload.usage ?? {}
  return estimateCostUsd(label.slice(0, colon), label.slice(colon + 1), {
    inputTokens: tokens.inputTokens ?? 0,
    outputTokens: tokens.outputTokens ?? 0,
  })
}

/** Per role (agent, evaluator, reflector, worker, then any other) and in total, from the log's model calls. */
export function roleUsageOf(events: readonly LoggedEvent[]): { rows: RoleUsageRow[]; total: RoleUsageRow } {
  const state = usageReducer.seed(events)
  const costs = new Map<string, number | null>()
  for (const event of events) {
    if (event.type !== 'agent.model_called') continue
    const role = event.payload.role ?? 'unknown'
    const cost = costOf(event)
    const previous = costs.has(role) ? costs.get(role)! : 0
    costs.set(role, previous === null || cost === null ? null : previous + cost)
  }
  const names = [...ROLES, ...Object.keys(state.byRole).filter((role) => !ROLES.includes(role))]
  const rows = names.map((role) => {
    const entry = state.byRole[role] ?? { inputTokens: 0, outputTokens: 0, calls: 0 }
    return { role, ...entry, costUsd: entry.calls === 0 ? 0 : (costs.get(role) ?? null) }
  })
  const totalCost = rows.reduce<number | null>(
    (sum, row) => (sum === null || row.costUsd === null ? null : sum + row.costUsd),
    0,
  )
  return { rows, total: { role: 'total', ...state.total, costUsd: totalCost } }
}
