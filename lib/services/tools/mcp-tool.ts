import { jsonSchema, tool, type Tool } from 'ai'
import type { McpSession } from './mcp-client'

/** An MCP tool's own error (`isError` result): its text is the observation the agent reads. */
export class McpToolError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'McpToolError'
  }
}

/** An AI SDK tool that calls `remoteName` on an MCP session (opened by `session` on first use). */
export function mcpTool(
  definition: { remoteName: string; description: string; inputSchema: unknown },
  session: () => Promise<McpSession>,
): Tool {
  return tool({
    description: definition.description || `The ${definition.remoteName} tool.`,
    inputSchema: jsonSchema((definition.inputSchema ?? { type: 'object' }) as Parameters<typeof jsonSchema>[0]),
    execute: async (input: unknown, { abortSignal }: { abortSignal?: AbortSignal }) => {
      const result = await (await session()).callTool(definition.remoteName, input, abortSignal)
      if (result.isError) throw new McpToolError(result.text || 'the tool reported an error')
      return result.text
    },
  })
}
