/** Tool names the model sees: letters, digits, `_` and `-`, at most 64 characters (every provider accepts these). */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

/** An MCP server's short name: lower-case letters, digits and `-`, starting with a letter. */
export const SERVER_NAME_PATTERN = /^[a-z][a-z0-9-]{0,23}$/

/** The name a server's tool gets in the tenant: `<server>__<tool>`, unsafe characters replaced, cut to 64. */
export function mcpToolName(serverName: string, remoteName: string): string {
  const safe = remoteName.replace(/[^A-Za-z0-9_-]/g, '_')
  return `${serverName}__${safe}`.slice(0, 64)
}
