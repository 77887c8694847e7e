// The test MCP server over stdio, as an operator would declare one in TOOLS_CONFIG
// (`node --import tsx tests/support/mcp-stdio-server.ts`).
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { testMcpServer } from './mcp-tools'

await testMcpServer().connect(new StdioServerTransport())
