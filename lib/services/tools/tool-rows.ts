import 'server-only'
import type { Prisma } from '../../generated/prisma/client'
import type { DiscoveredTool } from './mcp-client'
import { mcpToolName } from './tool-names'

type Tx = Prisma.TransactionClient

/**
 * Replaces a server's discovered tools with `discovered`: new tools are added switched off, tools
 * still offered keep their switch (their description and schema are refreshed), vanished ones are removed.
 * Returns the names added and removed.
 */
export async function syncServerTools(
  tx: Tx,
  tenantId: string,
  owner: { origin: 'mcp'; serverId: string; serverName: string } | { origin: 'operator'; operatorServer: string },
  discovered: DiscoveredTool[],
): Promise<{ added: string[]; removed: string[] }> {
  const serverName = owner.origin === 'mcp' ? owner.serverName : owner.operatorServer
  const where =
    owner.origin === 'mcp'
      ? { tenantId, serverId: owner.serverId }
      : { tenantId, origin: 'operator', operatorServer: owner.operatorServer }
  const existing = await tx.tenantTool.findMany({ where, select: { id: true, name: true } })
  const wanted = new Map(discovered.map((tool) => [mcpToolName(serverName, tool.name), tool]))
  const removed = existing.filter((row) => !wanted.has(row.name))
  if (removed.length > 0) await tx.tenantTool.deleteMany({ where: { id: { in: removed.map((row) => row.id) } } })
  const known = new Set(existing.map((row) => row.name))
  const added: string[] = []
  for (const [name, tool] of wanted) {
    const data = {
      remoteName: tool.name,
      description: tool.description,
      inputSchema: JSON.parse(JSON.stringify(tool.inputSchema)),
    }
    if (known.has(name)) {
      await tx.tenantTool.update({ where: { tenantId_name: { tenantId, name } }, data })
      continue
    }
    const clash = await tx.tenantTool.findUnique({ where: { tenantId_name: { tenantId, name } }, select: { id: true } })
    if (clash) continue // a name another server already uses in this tenant: the first one keeps it
    await tx.tenantTool.create({
      data: {
        tenantId,
        name,
        origin: owner.origin,
        ...(owner.origin === 'mcp' ? { serverId: owner.serverId } : { operatorServer: owner.operatorServer }),
        enabled: false,
        ...data,
      },
    })
    added.push(name)
  }
  return { added, removed: removed.map((row) => row.name) }
}
