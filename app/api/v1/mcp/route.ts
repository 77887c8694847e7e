import { route } from '@/lib/boundary/http/route'
import { mcpResponse } from '@/lib/boundary/mcp/mcp-response'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

/** MCP over Streamable HTTP, stateless: tools list_runs, get_run, query_log, explain_run (API key with runs:read). */
export const POST = route({
  auth: 'key',
  scope: 'runs:read',
  permission: ['runs.readOwn', 'runs.readTenant'],
  body: 'raw',
  handler: ({ caller, request }) => mcpResponse(caller, request),
})

/** Stateless: no server-initiated stream and no session to end. */
export async function GET() {
  return new Response(null, { status: 405, headers: { Allow: 'POST' } })
}
