import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { createGuardedFetch, type OutboundPolicy } from '../../adapters/net'

/** A tool an MCP server offers: its name, description and JSON Schema of its input. */
export type DiscoveredTool = { name: string; description: string; inputSchema: Record<string, unknown> }

/** An open MCP session: list or call tools, then close. */
export type McpSession = {
  listTools(): Promise<DiscoveredTool[]>
  callTool(name: string, input: unknown, signal?: AbortSignal): Promise<{ text: string; isError: boolean }>
  close(): Promise<void>
}

/** How long connecting and listing may take (the per-call timeout of runs is the engine's). */
export const MCP_CONNECT_TIMEOUT_MS = 10_000

/** The most tools kept from one server (a server listing thousands is refused past this). */
export const MAX_TOOLS_PER_SERVER = 100

/** The text of an MCP tool result: its text parts, and a note for each non-text part. */
export function resultText(content: unknown): string {
  if (!Array.isArray(content)) return ''
  return content
    .map((part: { type?: string; text?: string; mimeType?: string }) =>
      part?.type === 'text'
        ? String(part.text ?? '')
        : `[${part?.type ?? 'unknown'} content${part?.mimeType ? ` ${part.mimeType}` : ''} omitted]`,
    )
    .join('\n')
}

async function open(transport: Transport): Promise<McpSession> {
  const client = new Client({ name: 'reflexion-studio', version: '1.0.0' })
  await client.connect(transport, { timeout: MCP_CONNECT_TIMEOUT_MS })
  return {
    async listTools() {
      const tools: DiscoveredTool[] = []
      let cursor: string | undefined
      do {
        const page = await client.listTools(cursor ? { cursor } : undefined, { timeout: MCP_CONNECT_TIMEOUT_MS })
        for (const tool of page.tools) {
          tools.push({
            name: tool.name,
            description: (tool.description ?? '').slice(0, 2000),
            inputSchema: (tool.inputSchema ?? { type: 'object' }) as Record<string, unknown>,
          })
        }
        cursor = page.nextCursor
      } while (cursor && tools.length < MAX_TOOLS_PER_SERVER)
      return tools.slice(0, MAX_TOOLS_PER_SERVER)
    },
    async callTool(name, input, signal) {
      const result = await client.callTool(
        { name, arguments: (input ?? {}) as Record<string, unknown> },
        undefined,
        // The engine's timeout aborts `signal`; the SDK's own timeout is only a backstop.
        { signal, timeout: 10 * 60_000 },
      )
      return { text: resultText(result.content), isError: result.isError === true }
    },
    async close() {
      await client.close().catch(() => undefined)
    },
  }
}

/**
 * Connects to a tenant's MCP server over Streamable HTTP. Every request (and redirect) goes through
 * the outbound guard, so a tenant cannot point the server at loopback, private or metadata addresses.
 */
export function connectHttpServer(
  url: string,
  headers: Record<string, string>,
  policy?: OutboundPolicy,
): Promise<McpSession> {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers },
    fetch: createGuardedFetch({ policy, timeoutMs: 5 * 60_000, maxResponseBytes: 4 * 1024 * 1024 }),
  })
  return open(transport)
}

/** Connects to an operator's stdio server (a command from the operator's configuration, never from a tenant). */
export async function connectStdioServer(server: {
  command: string
  args: string[]
  env?: Record<string, string>
  cwd?: string
}): Promise<McpSession> {
  const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js')
  return open(new StdioClientTransport({ ...server, stderr: 'ignore' }))
}
