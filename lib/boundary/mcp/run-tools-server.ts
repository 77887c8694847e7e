import 'server-only'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { runJson } from '../api/v1/serialize'
import type { Caller } from '../../services/auth/caller'
import { OP_NAMES } from '../../core/reflection/ops'
import { getRun, listRuns } from '../../services/runs/queries'
import { diagnoseRun } from '../../services/support/diagnose-run'
import { loadSupportReflection } from '../../services/support/session'

const text = (value: unknown) => ({
  content: [{ type: 'text' as const, text: typeof value === 'string' ? value : JSON.stringify(value, null, 2) }],
})

const runStatus = z.enum(['queued', 'running', 'succeeded', 'failed', 'interrupted', 'cancelled'])

/**
 * An MCP server for one caller: tools over the runs that caller may read, through the same
 * Caller-scoped functions as the pages (another member's or tenant's run is "not found").
 * `query_log` is the support agent's own tool (Reflection), over the tenant's redacted log.
 */
export function runToolsServer(caller: Caller): McpServer {
  const server = new McpServer({ name: 'reflexion-studio', version: '1.0.0' })
  const reflectionOf = async (runId: string) => loadSupportReflection(caller, await getRun(caller, runId))

  server.registerTool(
    'list_runs',
    {
      description: 'Runs you may read, newest first (members: their own; admins and support: the tenant).',
      inputSchema: {
        status: runStatus.optional(),
        q: z.string().max(200).optional().describe('words in the title or prompt'),
        limit: z.number().int().min(1).max(100).optional(),
        cursor: z.string().max(200).optional().describe('nextCursor of the previous call'),
      },
    },
    async ({ status, q, limit, cursor }) => {
      const page = await listRuns(caller, { status, q, limit: limit ?? 20, cursor })
      return text({
        runs: page.runs.map((run) => {
          const { prompt: _prompt, output: _output, ...summary } = runJson(run)
          return summary
        }),
        nextCursor: page.nextCursor,
      })
    },
  )

  server.registerTool(
    'get_run',
    {
      description: 'One run: status, attempts, best score, output, timings.',
      inputSchema: { run_id: z.string().min(1).max(200) },
    },
    async ({ run_id }) => text(runJson(await getRun(caller, run_id))),
  )

  server.registerTool(
    'query_log',
    {
      description: `Query one run's event log with Reflection (the support agent's tool). Ops: ${OP_NAMES.join(', ')}. Start with {"op":"overview"}; every answer cites events as #index.`,
      inputSchema: {
        run_id: z.string().min(1).max(200),
        op: z.string().max(40),
        type: z.string().max(200).optional(),
        index: z.number().int().optional(),
        limit: z.number().int().min(1).max(200).optional(),
      },
    },
    async ({ run_id, ...args }) => text((await reflectionOf(run_id)).tool().run(args)),
  )

  server.registerTool(
    'explain_run',
    {
      description:
        'Why a run ended as it did: the deterministic diagnosis from its log, citing #index, and the queries it made.',
      inputSchema: { run_id: z.string().min(1).max(200) },
    },
    async ({ run_id }) => {
      const { answer, toolCalls } = diagnoseRun(await reflectionOf(run_id))
      return text({ answer, queries: toolCalls.map((call) => call.args) })
    },
  )
  return server
}
