import { ReflexionConfigError, requireInteger } from './errors'

/** How the engine treats the tools an agent calls: per-call time, calls per attempt, result size. */
export type ToolPolicy = {
  /** A call still running after this many milliseconds fails with a timeout (the agent sees the error). */
  timeoutMs: number
  /** Tool calls one attempt may make (all turns and workers together); later calls are refused, not run. */
  maxCallsPerAttempt: number
  /** The longest tool result, in characters, the model and the log see (head and tail kept). */
  maxResultChars: number
  /**
   * Tools the caller withholds from this run, with why (a tool the task chose that is disabled now, say):
   * they are not offered, and a call to one fails with that reason instead of "unknown tool".
   */
  withheld?: Readonly<Record<string, string>>
}

/** The policy when a caller sets none. */
export const DEFAULT_TOOL_POLICY: ToolPolicy = { timeoutMs: 30_000, maxCallsPerAttempt: 20, maxResultChars: 4_000 }

/** The longest tool input kept in agent.tool_called. */
export const MAX_TOOL_INPUT_CHARS = 2_000

/** A policy with the caller's values over the defaults; limits must be positive integers, withheld reasons text. */
export function toolPolicyOf(partial: Partial<ToolPolicy> | undefined): ToolPolicy {
  const policy = { ...DEFAULT_TOOL_POLICY, ...partial }
  for (const name of ['timeoutMs', 'maxCallsPerAttempt', 'maxResultChars'] as const)
    requireInteger('Agent', `toolPolicy.${name}`, policy[name], 1)
  for (const [tool, reason] of Object.entries(policy.withheld ?? {}))
    if (typeof reason !== 'string')
      throw new ReflexionConfigError(`Agent: toolPolicy.withheld.${tool} must be a reason (text)`)
  return policy
}

/** Why a withheld tool cannot be called, as the model and the log read it; undefined when it is not withheld. */
export function withheldToolError(policy: ToolPolicy, name: string): string | undefined {
  const reason = policy.withheld && Object.hasOwn(policy.withheld, name) ? policy.withheld[name] : undefined
  return reason === undefined ? undefined : `tool '${name}' is not available to this run: ${reason}`
}
