import type { Tool } from 'ai'
import { z } from 'zod'
import type { OutboundPolicy } from '../../../adapters/net'
import { currentTimeTool } from './current-time'
import { allowedHostSchema, httpFetchTool } from './http-fetch'
import { javascriptTool } from './javascript'

export * from './current-time'
export * from './http-fetch'
export * from './javascript'

/** What a built-in needs to make its tool: its tenant settings and the outbound policy. */
export type BuiltinContext = { config: Record<string, unknown>; policy?: OutboundPolicy; clock?: () => Date }

/** A built-in tool: its name, what the settings page says about it, and how a run gets it. */
export type BuiltinTool = {
  name: string
  title: string
  description: string
  create(context: BuiltinContext): Tool
}

/** http_fetch's settings: the hosts it may GET. */
export const httpFetchConfigSchema = z.object({ allowedHosts: z.array(allowedHostSchema).max(50).default([]) })

/** The built-in tools, each off until an admin enables it. */
export const BUILTIN_TOOLS: BuiltinTool[] = [
  {
    name: 'javascript',
    title: 'JavaScript sandbox',
    description:
      'Evaluates JavaScript in a WebAssembly sandbox (QuickJS): no network, files or host; 2 s, 32 MB. Also a calculator.',
    create: () => javascriptTool(),
  },
  {
    name: 'http_fetch',
    title: 'HTTP fetch',
    description: 'GETs text from the hosts you allow below; public addresses only, redirects re-checked, 512 KB, 10 s.',
    create: ({ config, policy }) => httpFetchTool(httpFetchConfigSchema.parse(config).allowedHosts, policy),
  },
  {
    name: 'current_time',
    title: 'Current time',
    description: 'The date and time in an IANA time zone.',
    create: ({ clock }) => currentTimeTool(clock),
  },
]

/** The built-in called `name`, if any. */
export function builtinTool(name: string): BuiltinTool | undefined {
  return BUILTIN_TOOLS.find((builtin) => builtin.name === name)
}
