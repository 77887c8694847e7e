import type { OutboundPolicy } from '../../adapters/net'

let policy: OutboundPolicy | undefined

/**
 * The outbound policy the tools registry and runs use when a caller passes none: undefined, i.e. the
 * guard's defaults plus the operator's OUTBOUND_ALLOW. Tests that start a local MCP server widen it here.
 */
export function toolOutboundPolicy(): OutboundPolicy | undefined {
  return policy
}

/** Replaces the default policy of tools (tests only: production widens it with OUTBOUND_ALLOW). */
export function setToolOutboundPolicy(next: OutboundPolicy | undefined): void {
  policy = next
}

let operatorConfigPath: string | undefined

/** The operator configuration file tests point the registry at (production reads TOOLS_CONFIG). */
export function toolOperatorConfigOverride(): string | undefined {
  return operatorConfigPath
}

/** Points the registry at another operator configuration file (tests only). */
export function setToolOperatorConfig(path: string | undefined): void {
  operatorConfigPath = path
}
