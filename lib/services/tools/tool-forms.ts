import 'server-only'
import { z } from 'zod'
import { defineAction } from '../../boundary/actions/define'
import { addMcpServer, checkMcpServer, checkOperatorServer, removeMcpServer, type ServerCheck } from './mcp-servers'
import { hostListSchema, setHttpFetchHosts, setToolEnabled } from './tool-switches'

/** The tools settings forms: MCP servers, their check, tool switches and http_fetch's hosts. */

const id = (what: string) =>
  z
    .string({ error: `Missing ${what}.` })
    .trim()
    .min(1, `Missing ${what}.`)
    .max(64, `Not a valid ${what}.`)

function checkSummary(check: ServerCheck): { ok: boolean; message: string } {
  if (!check.ok) return { ok: false, message: check.error }
  const added = check.added.length > 0 ? ` New (off until you enable them): ${check.added.join(', ')}.` : ''
  return {
    ok: true,
    message: `Connected: ${check.tools.length} tool${check.tools.length === 1 ? '' : 's'} listed.${added}`,
  }
}

/** Register an MCP server (Streamable HTTP), then check it. */
export const addMcpServerForm = defineAction({
  permission: 'settings.manage',
  schema: z.object({
    name: z.string({ error: 'Give the server a short name.' }),
    url: z.string({ error: 'Paste the server’s URL.' }),
    headers: z.string().optional(),
  }),
  handler: async (input, caller) => checkSummary((await addMcpServer(caller, input)).check),
})

/** Check a server's connection and refresh its tools. */
export const checkMcpServerForm = defineAction({
  permission: 'settings.manage',
  schema: z.object({ serverId: id('server') }),
  handler: async (input, caller) => checkSummary(await checkMcpServer(caller, input.serverId)),
})

/** Remove a server and its tools. */
export const removeMcpServerForm = defineAction({
  permission: 'settings.manage',
  schema: z.object({ serverId: id('server') }),
  handler: (input, caller) => removeMcpServer(caller, input.serverId),
})

/** List the tools of one of the operator's stdio servers. */
export const checkOperatorServerForm = defineAction({
  permission: 'settings.manage',
  schema: z.object({ serverName: id('server') }),
  handler: async (input, caller) => checkSummary(await checkOperatorServer(caller, input.serverName)),
})

/** Switch a tool on or off. */
export const setToolEnabledForm = defineAction({
  permission: 'settings.manage',
  schema: z.object({
    name: id('tool'),
    enabled: z
      .enum(['true', 'false'], { error: 'Say whether to enable or disable the tool.' })
      .transform((value) => value === 'true'),
  }),
  handler: (input, caller) => setToolEnabled(caller, input.name, input.enabled),
})

/** The hosts http_fetch may GET. */
export const httpFetchHostsForm = defineAction({
  permission: 'settings.manage',
  schema: z.object({ allowedHosts: hostListSchema }),
  handler: async (input, caller) => ({ allowedHosts: await setHttpFetchHosts(caller, input.allowedHosts) }),
})
