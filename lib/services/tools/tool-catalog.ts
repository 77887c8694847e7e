import 'server-only'
import { asSchema } from 'ai'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { getPrisma } from '../../adapters/db/client'
import { BUILTIN_TOOLS, httpFetchConfigSchema } from './builtins'
import { operatorServersFor } from './operator-servers'

/** A tool as the settings page lists it. */
export type ToolView = {
  name: string
  remoteName: string
  description: string
  inputSchema: unknown
  enabled: boolean
}

/** The tenant's tool registry for admins: built-ins, its MCP servers (never header values) and the operator's servers. */
export type ToolRegistryView = {
  builtins: (ToolView & { title: string; allowedHosts?: string[] })[]
  servers: {
    id: string
    name: string
    url: string
    headerNames: string[]
    checkedAt: Date | null
    checkError: string | null
    tools: ToolView[]
  }[]
  operatorServers: { name: string; command: string; tools: ToolView[] }[]
}

function view(row: {
  name: string
  remoteName: string
  description: string
  inputSchema: unknown
  enabled: boolean
}): ToolView {
  return {
    name: row.name,
    remoteName: row.remoteName,
    description: row.description,
    inputSchema: row.inputSchema,
    enabled: row.enabled,
  }
}

/** Everything the tools settings page shows (`settings.manage`). */
export async function getToolRegistry(caller: Caller): Promise<ToolRegistryView> {
  requirePermission(caller, 'settings.manage')
  const prisma = await getPrisma()
  const [rows, servers, tenant] = await Promise.all([
    prisma.tenantTool.findMany({ where: { tenantId: caller.tenantId }, orderBy: { name: 'asc' } }),
    prisma.mcpServer.findMany({ where: { tenantId: caller.tenantId }, orderBy: { name: 'asc' } }),
    prisma.tenant.findUniqueOrThrow({ where: { id: caller.tenantId }, select: { slug: true } }),
  ])
  const byName = new Map(rows.map((row) => [row.name, row]))
  let operator: ToolRegistryView['operatorServers'] = []
  try {
    operator = operatorServersFor(tenant.slug).map((server) => ({
      name: server.name,
      command: [server.command, ...server.args].join(' ').slice(0, 200),
      tools: rows.filter((row) => row.origin === 'operator' && row.operatorServer === server.name).map(view),
    }))
  } catch (error) {
    console.error('[tools] the operator configuration could not be read:', (error as Error).message)
  }
  return {
    builtins: BUILTIN_TOOLS.map((builtin) => {
      const row = byName.get(builtin.name)
      const tool = builtin.create({ config: (row?.config as Record<string, unknown>) ?? {} })
      return {
        name: builtin.name,
        remoteName: builtin.name,
        title: builtin.title,
        description: builtin.description,
        inputSchema: asSchema(tool.inputSchema).jsonSchema,
        enabled: row?.enabled ?? false,
        ...(builtin.name === 'http_fetch' && {
          allowedHosts: httpFetchConfigSchema.safeParse(row?.config ?? {}).data?.allowedHosts ?? [],
        }),
      }
    }),
    servers: servers.map((server) => ({
      id: server.id,
      name: server.name,
      url: server.url,
      headerNames: server.headerNames,
      checkedAt: server.checkedAt,
      checkError: server.checkError,
      tools: rows.filter((row) => row.serverId === server.id).map(view),
    })),
    operatorServers: operator,
  }
}

/** A tool a member may choose for a task: enabled in their tenant. */
export type SelectableTool = { name: string; description: string; origin: string }

/** The tools enabled in the caller's tenant, for the task form (`runs.create`). */
export async function listSelectableTools(caller: Caller): Promise<SelectableTool[]> {
  requirePermission(caller, 'runs.create')
  const prisma = await getPrisma()
  const rows = await prisma.tenantTool.findMany({
    where: { tenantId: caller.tenantId, enabled: true },
    select: { name: true, description: true, origin: true },
    orderBy: { name: 'asc' },
  })
  return rows.map((row) => ({ ...row, description: row.description.slice(0, 300) }))
}
