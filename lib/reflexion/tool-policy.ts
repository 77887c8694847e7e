import { requireInteger } from './errors'

/** How the engine treats the tools an agent calls: per-call time, calls per attempt, result size. */
export type ToolPolicy = {
  /** A call still running after this many milliseconds fails with a timeout (the agent sees the error). */
  timeoutMs: number
  /** Tool calls one attempt may make (all turns and workers together); later calls are refused, not run. */
  maxCallsPerAttempt: number
  /** The longest tool result, in characters, the model and the log see (head and tail kept). */
  maxResultChars: number
}

/** The policy when a caller sets none. */
export const DEFAULT_TOOL_POLICY: ToolPolicy = { timeoutMs: 30_000, maxCallsPerAttempt: 20, maxResultChars: 4_000 }

/** The longest tool input kept in agent.tool_called. */
export const MAX_TOOL_INPUT_CHARS = 2_000

/** A policy with the caller's values over the defaults; every value must be a positive integer. */
export function toolPolicyOf(partial: Partial<ToolPolicy> | undefined): ToolPolicy {
  const policy = { ...DEFAULT_TOOL_POLICY, ...partial }
  for (const [name, value] of Object.entries(policy)) requireInteger('Agent', `toolPolicy.${name}`, value, 1)
  return policy
}
