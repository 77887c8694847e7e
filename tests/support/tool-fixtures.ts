// Tool settings for tests: servers on loopback port 1 pass the outbound guard (nothing listens there,
// so a connection is refused at once), and the operator's configuration declares the test stdio server.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setToolOperatorConfig, setToolOutboundPolicy } from '../../lib/services/tools/tool-network'

/** The name of the operator's stdio server in the test configuration. */
export const OPERATOR_SERVER_NAME = 'lab-stdio'

/** Writes the test operator configuration (every tenant sees the stdio test server) and returns its path. */
export function writeOperatorConfig(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tools-config-')), 'tools.json')
  const script = path.resolve(import.meta.dirname, 'mcp-stdio-server.ts')
  fs.writeFileSync(
    file,
    JSON.stringify({
      mcpServers: {
        [OPERATOR_SERVER_NAME]: { command: process.execPath, args: ['--import', 'tsx', script], tenants: ['*'] },
      },
    }),
  )
  return file
}

/** Installs the test tool network: loopback port 1 (and `extra` allowances) allowed, the test operator configuration. */
export function useTestToolNetwork(extra: string[] = []): void {
  setToolOutboundPolicy({ allow: ['127.0.0.1:1', ...extra] })
  setToolOperatorConfig(writeOperatorConfig())
}
