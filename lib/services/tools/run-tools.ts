import 'server-only'
import type { ToolSet } from 'ai'
import type { Db } from '../../adapters/db/client'
import type { OutboundPolicy } from '../../adapters/net'
import { builtinTool } from './builtins'
import { connectHttpServer, connectStdioServer, type McpSession } from './mcp-client'
import { mcpTool } from './mcp-tool'
import { operatorServersFor } from './operator-servers'
import { openHeaders } from './server-headers'
import { toolOutboundPolicy } from './tool-network'

/**
 * A run's tools and how to release them (MCP sessions are opened on first use and closed at the end).
 * `secrets` are the header values of the MCP servers the run may call: the run masks them out of its
 * log, so a server that echoes its credentials never shows them to the members who read the run.
 */
export type RunTools = {
  tools: ToolSet
  offered: string[]
  refused: string[]
  /** Why each refused tool is withheld, for the engine's `toolPolicy.withheld` (a call says why it failed). */
  withheld: Record<string, string>
  secrets: string[]
  close(): Promise<void>
}

/** A header's value and, for `Scheme token` values (Bearer, Basic…), the token alone: either may be echoed. */
function headerSecrets(headers: Record<string, string>): string[] {
  return Object.values(headers).flatMap((value) => {
    const token = /^\S+\s+(\S.*)$/.exec(value.trim())?.[1]
    return token ? [value, token] : [value]
  })
}

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
  if (chosen.length === 0)
    return { tools: {}, offered: [], refused: [], withheld: {}, secrets: [], close: async () => undefined }
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
  const secrets = new Set<string>()
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
      // Opened now so the run can mask the values; a header that cannot be opened (a rotated key) fails
      // the calls to this server, as an observation, rather than the whole run.
      let headers: Record<string, string> | undefined
      try {
        headers = openHeaders(server.headersCiphertext)
        for (const secret of headerSecrets(headers)) secrets.add(secret)
      } catch {
        headers = undefined
      }
      connect = () => connectHttpServer(server.url, headers ?? openHeaders(server.headersCiphertext), options.policy)
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
  const refused = chosen.filter((name) => !offered.includes(name))
  return {
    tools,
    offered,
    refused,
    withheld: await withheldReasons(prisma, tenantId, refused),
    secrets: [...secrets],
    async close() {
      const open = [...sessions.values()]
      sessions.clear()
      await Promise.all(open.map((pending) => pending.then((item) => item.close()).catch(() => undefined)))
    },
  }
}

/** Why each chosen tool that the run cannot offer is withheld, in words for the model, the log and support. */
async function withheldReasons(prisma: Db, tenantId: string, refused: string[]): Promise<Record<string, string>> {
  if (refused.length === 0) return {}
  const rows = await prisma.tenantTool.findMany({
    where: { tenantId, name: { in: refused } },
    select: { name: true, enabled: true },
  })
  const enabled = new Map(rows.map((row) => [row.name, row.enabled]))
  return Object.fromEntries(
    refused.map((name) => [
      name,
      !enabled.has(name)
        ? 'it was chosen for the task but is no longer one of the organisation’s tools'
        : enabled.get(name)
          ? 'it was chosen for the task but its server is no longer configured'
          : 'it was chosen for the task but an admin has disabled it since',
    ]),
  )
}
