import 'server-only'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import type { Caller } from '../../services/auth/caller'
import { runToolsServer } from './run-tools-server'

/**
 * Answers one MCP Streamable HTTP request statelessly: a fresh server and transport per request
 * (no session id, nothing kept in memory another server would need), JSON responses.
 */
export async function mcpResponse(caller: Caller, request: Request): Promise<Response> {
  const server = runToolsServer(caller)
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  })
  await server.connect(transport)
  try {
    return await transport.handleRequest(request)
  } finally {
    // The JSON response is complete once returned; closing releases the per-request server.
    void server.close()
  }
}
