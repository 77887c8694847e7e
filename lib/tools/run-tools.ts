import 'server-only'
import type { ToolSet } from 'ai'
import type { Db } from '../db/client'
import type { OutboundPolicy } from '../net'
import { builtinTool } from './builtins'
import { connectHttpServer, connectStdioServer, type McpSession } from './mcp-client'
import { mcpTool } from './mcp-tool'
import { operatorServersFor } from './operator-servers'
import { openHeaders } from './server-headers'
import { toolOutboundPolicy } from './tool-network'

/** A run's tools and how to release them (MCP sessions are opened on first use and closed at the end). */
export type RunTools = { tools: ToolSet; offered: string[]; refused: string[]; close(): Promise<void> }

/** What building a run's tools may take besides the database: the outbound policy and the clock. */
export type RunToolOptions = { policy?: OutboundPolicy; clock?: () => Date; operatorConfig?: string }

/**
 * The tools one run may use: of the names the task chose, only those enabled in the run's tenant now
 * (checked when the run executes, not only when it was submitted). Other tenants' tools and servers are
 * never looked at: every query is filtered by the run's tenant.
 */
export async function buildRunTools(
  prisma: Db,
  tenantId: string,
  chosen: readonly string[],
  options: RunToolOptions = {},
): Promise<RunTools> {
  options = { ...options, policy: options.policy ?? toolOutboundPolicy() }
  if (chosen.length === 0) return { tools: {}, offered: [], refused: [], close: async () => undefined }
  const rows = await prisma.tenantTool.findMany({
    where: { tenantId, enabled: true, name: { in: [...chosen] } },
    include: { server: { omit: { headersCiphertext: false } } },
  })
  const sessions = new Map<string, Promise<McpSession>>()
  const session = (key: string, connect: () => Promise<McpSession>) => {
    let open = sessions.get(key)
    if (!open) {
      open = connect()
      open.catch(() => sessions.delete(key))
      sessions.set(key, open)
    }
    return open
  }
  let tenantSlug: string | undefined
  const tools: ToolSet = {}
  for (const row of rows) {
    if (row.origin === 'builtin') {
      const builtin = builtinTool(row.name)
      if (builtin)
        tools[row.name] = builtin.create({
          config: (row.config ?? {}) as Record<string, unknown>,
          policy: options.policy,
          clock: options.clock,
        })
      continue
    }
    let connect: (() => Promise<McpSession>) | undefined
    if (row.origin === 'mcp' && row.server && row.server.tenantId === tenantId) {
      const server = row.server
      connect = () => connectHttpServer(server.url, openHeaders(server.headersCiphertext), options.policy)
    } else if (row.origin === 'operator' && row.operatorServer) {
      tenantSlug ??= (await prisma.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { slug: true } })).slug
      const server = operatorServersFor(tenantSlug, options.operatorConfig).find(
        (item) => item.name === row.operatorServer,
      )
      if (server) connect = () => connectStdioServer(server)
    }
    if (!connect) continue
    const key = row.serverId ?? `operator:${row.operatorServer}`
    const open = connect
    tools[row.name] = mcpTool(row, () => session(key, open))
  }
  const offered = Object.keys(tools)
  return {
    tools,
    offered,
    refused: chosen.filter((name) => !offered.includes(name)),
    async close() {
      const open = [...sessions.values()]
      sessions.clear()
      await Promise.all(open.map((pending) => pending.then((item) => item.close()).catch(() => undefined)))
    },
  }
}
