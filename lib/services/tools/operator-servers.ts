import fs from 'node:fs'
import { z } from 'zod'
import { env } from '../../env'
import { toolOperatorConfigOverride } from './tool-network'
import { SERVER_NAME_PATTERN } from './tool-names'

/**
 * The operator's stdio MCP servers, from the JSON file named by TOOLS_CONFIG:
 * `{ "mcpServers": { "<name>": { "command": "…", "args": [], "env": {}, "cwd": "…", "tenants": ["demo"] } } }`.
 * A command line is code execution on the host, so only the operator's file can declare one; `tenants`
 * lists the tenant slugs that may see the server (`["*"]` = every tenant).
 */
const operatorServerSchema = z.object({
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).optional(),
  cwd: z.string().optional(),
  tenants: z.array(z.string().min(1)).min(1),
})

const configSchema = z.object({
  mcpServers: z.record(
    z.string().regex(SERVER_NAME_PATTERN, 'server names: lower-case letters, digits and "-"'),
    operatorServerSchema,
  ),
})

/** One stdio server the operator declared. */
export type OperatorServer = z.infer<typeof operatorServerSchema> & { name: string }

/** Parses an operator configuration (throws with the file's problems named). */
export function parseOperatorConfig(text: string): OperatorServer[] {
  const parsed = configSchema.safeParse(JSON.parse(text))
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')
    throw new Error(`TOOLS_CONFIG is not valid: ${problems}`)
  }
  return Object.entries(parsed.data.mcpServers).map(([name, server]) => ({ name, ...server }))
}

/** The operator's servers (none without TOOLS_CONFIG); read on each call so an edited file applies at once. */
export function operatorServers(
  configPath: string | undefined = toolOperatorConfigOverride() ?? env.TOOLS_CONFIG,
): OperatorServer[] {
  if (!configPath) return []
  return parseOperatorConfig(fs.readFileSync(configPath, 'utf8'))
}

/** The operator servers a tenant may see. */
export function operatorServersFor(tenantSlug: string, configPath?: string): OperatorServer[] {
  return operatorServers(configPath).filter(
    (server) => server.tenants.includes('*') || server.tenants.includes(tenantSlug),
  )
}
