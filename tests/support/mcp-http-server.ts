// A real MCP server over Streamable HTTP on 127.0.0.1 (the MCP TypeScript SDK), started by tests.
// Stateless: each POST gets a fresh server and transport, as the SDK's stateless example does.
import http from 'node:http'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { testMcpServer } from './mcp-tools'

/** A running test MCP server: its URL, the headers it saw, the tool calls it counted, and stop(). */
export type TestMcpHttpServer = {
  url: string
  port: number
  calls: Record<string, number>
  seenHeaders: http.IncomingHttpHeaders[]
  stop(): Promise<void>
}

/** Starts the server on a free port of 127.0.0.1; `requireHeader` answers 401 without that header value. */
export async function startMcpHttpServer(
  options: { requireHeader?: { name: string; value: string }; port?: number } = {},
): Promise<TestMcpHttpServer> {
  const calls: Record<string, number> = {}
  const seenHeaders: http.IncomingHttpHeaders[] = []
  const sockets = new Set<import('node:net').Socket>()
  const server = http.createServer(async (request, response) => {
    seenHeaders.push(request.headers)
    const required = options.requireHeader
    if (required && request.headers[required.name.toLowerCase()] !== required.value) {
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}')
      return
    }
    if (request.method !== 'POST') {
      response.writeHead(405, { allow: 'POST' }).end()
      return
    }
    const mcp = testMcpServer(calls)
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
    response.on('close', () => {
      void transport.close()
      void mcp.close()
    })
    await mcp.connect(transport)
    await transport.handleRequest(request, response)
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const port = (server.address() as import('node:net').AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    calls,
    seenHeaders,
    async stop() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
