import 'server-only'
import { z } from 'zod'
import { writeAudit } from '../audit/write-audit'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { getPrisma } from '../../adapters/db/client'
import { AppError, notFound } from '../../errors'
import { assertOutboundUrl, OutboundRefusedError, type OutboundPolicy } from '../../adapters/net'
import { safeErrorMessage } from '../../core/reflexion/redact'
import { connectHttpServer, connectStdioServer, type DiscoveredTool, type McpSession } from './mcp-client'
import { operatorServersFor } from './operator-servers'
import { headerLinesSchema, openHeaders, sealHeaders } from './server-headers'
import { SERVER_NAME_PATTERN } from './tool-names'
import { toolOutboundPolicy } from './tool-network'
import { syncServerTools } from './tool-rows'

/** What an admin submits to register an MCP server. */
export const mcpServerInputSchema = z.object({
  name: z
    .string({ error: 'Give the server a short name.' })
    .trim()
    .toLowerCase()
    .regex(SERVER_NAME_PATTERN, 'Use 1–24 lower-case letters, digits or "-", starting with a letter (like weather).'),
  url: z
    .url({
      protocol: /^https?$/,
      error: 'Use the http(s) URL of the server’s MCP endpoint, like https://tools.example.com/mcp.',
    })
    .max(500, 'At most 500 characters.'),
  headers: headerLinesSchema,
})

/** Options for tests and the operator: the outbound policy (addresses allowed beyond the public internet). */
export type ToolNetworkOptions = { policy?: OutboundPolicy }

/** The outcome of a connection check: the tools found, or why it failed (in words safe to show). */
export type ServerCheck =
  { ok: true; tools: DiscoveredTool[]; added: string[]; removed: string[] } | { ok: false; error: string }

function checkMessage(error: unknown): string {
  if (error instanceof OutboundRefusedError) return error.message
  return `Could not list the server's tools: ${safeErrorMessage(error, 300)}`
}

async function discover(connect: () => Promise<McpSession>): Promise<DiscoveredTool[]> {
  const session = await connect()
  try {
    return await session.listTools()
  } finally {
    await session.close()
  }
}

async function urlRefusal(url: string, policy?: OutboundPolicy): Promise<string | undefined> {
  try {
    await assertOutboundUrl(url, policy)
    return undefined
  } catch (error) {
    if (error instanceof OutboundRefusedError) return error.message
    throw error
  }
}

/** Registers an MCP server (headers encrypted), audited without header values, then checks it. */
export async function addMcpServer(
  caller: Caller,
  input: z.input<typeof mcpServerInputSchema>,
  options: ToolNetworkOptions = {},
): Promise<{ id: string; check: ServerCheck }> {
  requirePermission(caller, 'settings.manage')
  const parsed = mcpServerInputSchema.safeParse(input)
  if (!parsed.success)
    throw new AppError(
      'bad_request',
      'Check the server.',
      z.flattenError(parsed.error).fieldErrors as Record<string, string[]>,
    )
  const { name, url, headers } = parsed.data
  const refusal = await urlRefusal(url, options.policy ?? toolOutboundPolicy())
  if (refusal) throw new AppError('bad_request', 'Check the server.', { url: [refusal] })
  const prisma = await getPrisma()
  const row = await prisma.$transaction(async (tx) => {
    const taken = await tx.mcpServer.findUnique({ where: { tenantId_name: { tenantId: caller.tenantId, name } } })
    if (taken)
      throw new AppError('bad_request', 'Check the server.', { name: ['A server with this name exists already.'] })
    const created = await tx.mcpServer.create({
      data: {
        tenantId: caller.tenantId,
        name,
        url,
        headerNames: Object.keys(headers),
        headersCiphertext: sealHeaders(headers),
        createdById: caller.userId,
      },
    })
    await writeAudit(
      tx,
      caller,
      'tool_server.added',
      { type: 'mcp_server', id: created.id },
      {
        name,
        url,
        headerNames: Object.keys(headers),
      },
    )
    return created
  })
  return { id: row.id, check: await checkMcpServer(caller, row.id, options) }
}

/** Connects to a server, lists its tools and syncs them (new ones off); records and audits the outcome. */
export async function checkMcpServer(
  caller: Caller,
  serverId: string,
  options: ToolNetworkOptions = {},
): Promise<ServerCheck> {
  requirePermission(caller, 'settings.manage')
  const prisma = await getPrisma()
  const server = await prisma.mcpServer.findFirst({
    where: { id: serverId, tenantId: caller.tenantId },
    omit: { headersCiphertext: false },
  })
  if (!server) throw notFound()
  let result: ServerCheck
  try {
    const tools = await discover(() =>
      connectHttpServer(server.url, openHeaders(server.headersCiphertext), options.policy ?? toolOutboundPolicy()),
    )
    result = { ok: true, tools, added: [], removed: [] }
  } catch (error) {
    result = { ok: false, error: checkMessage(error) }
  }
  return prisma.$transaction(async (tx) => {
    let changes = { added: [] as string[], removed: [] as string[] }
    if (result.ok)
      changes = await syncServerTools(
        tx,
        caller.tenantId,
        { origin: 'mcp', serverId, serverName: server.name },
        result.tools,
      )
    await tx.mcpServer.update({
      where: { id: serverId },
      data: { checkedAt: new Date(), checkError: result.ok ? null : result.error },
    })
    await writeAudit(
      tx,
      caller,
      'tool_server.checked',
      { type: 'mcp_server', id: serverId },
      {
        name: server.name,
        ok: result.ok,
        ...(result.ok ? { tools: result.tools.length, ...changes } : { error: result.error }),
      },
    )
    return result.ok ? { ...result, ...changes } : result
  })
}

/** Removes a server and its tools (runs that chose them get no such tool); audited. */
export async function removeMcpServer(caller: Caller, serverId: string): Promise<void> {
  requirePermission(caller, 'settings.manage')
  const prisma = await getPrisma()
  await prisma.$transaction(async (tx) => {
    const server = await tx.mcpServer.findFirst({ where: { id: serverId, tenantId: caller.tenantId } })
    if (!server) throw notFound()
    await tx.mcpServer.delete({ where: { id: server.id } })
    await writeAudit(
      tx,
      caller,
      'tool_server.removed',
      { type: 'mcp_server', id: server.id },
      {
        name: server.name,
        url: server.url,
      },
    )
  })
}

/** Lists the tools of one of the operator's stdio servers this tenant may see, and syncs them; audited. */
export async function checkOperatorServer(caller: Caller, serverName: string): Promise<ServerCheck> {
  requirePermission(caller, 'settings.manage')
  const prisma = await getPrisma()
  const tenant = await prisma.tenant.findUniqueOrThrow({ where: { id: caller.tenantId }, select: { slug: true } })
  const server = operatorServersFor(tenant.slug).find((candidate) => candidate.name === serverName)
  if (!server) throw notFound()
  let result: ServerCheck
  try {
    result = { ok: true, tools: await discover(() => connectStdioServer(server)), added: [], removed: [] }
  } catch (error) {
    result = { ok: false, error: checkMessage(error) }
  }
  return prisma.$transaction(async (tx) => {
    const changes = result.ok
      ? await syncServerTools(tx, caller.tenantId, { origin: 'operator', operatorServer: serverName }, result.tools)
      : { added: [], removed: [] }
    await writeAudit(
      tx,
      caller,
      'tool_server.checked',
      { type: 'operator_server', id: serverName },
      {
        name: serverName,
        ok: result.ok,
        ...(result.ok ? { tools: result.tools.length, ...changes } : { error: result.error }),
      },
    )
    return result.ok ? { ...result, ...changes } : result
  })
}
