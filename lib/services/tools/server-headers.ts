import { z } from 'zod'
import { decryptSecret, encryptSecret } from '../../adapters/models/crypto'
import { secretsKey } from '../../adapters/models/tenant-secrets'

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/
const FORBIDDEN = new Set([
  'host',
  'content-length',
  'connection',
  'transfer-encoding',
  'mcp-session-id',
  'mcp-protocol-version',
])

/**
 * Headers as an admin writes them, one `Name: value` a line (e.g. `Authorization: Bearer …`).
 * Values are secrets: stored encrypted together, shown afterwards only by name.
 */
export const headerLinesSchema = z
  .string()
  .max(8_000, 'At most 8,000 characters of headers.')
  .default('')
  .transform((text, context) => {
    const headers: Record<string, string> = {}
    for (const [position, raw] of text.split(/\r?\n/).entries()) {
      const line = raw.trim()
      if (line === '') continue
      const colon = line.indexOf(':')
      const name = colon > 0 ? line.slice(0, colon).trim() : ''
      const value = colon > 0 ? line.slice(colon + 1).trim() : ''
      if (!HEADER_NAME.test(name) || value === '' || FORBIDDEN.has(name.toLowerCase())) {
        context.addIssue({
          code: 'custom',
          message: `Line ${position + 1}: write one header per line as "Name: value" (not Host, Content-Length or MCP's own headers).`,
        })
        return z.NEVER
      }
      headers[name] = value
    }
    if (Object.keys(headers).length > 20) {
      context.addIssue({ code: 'custom', message: 'At most 20 headers.' })
      return z.NEVER
    }
    return headers
  })

/** Seals a server's headers for storage (AES-256-GCM with the provider-key secrets key); null when none. */
export function sealHeaders(headers: Record<string, string>): string | null {
  return Object.keys(headers).length === 0 ? null : encryptSecret(secretsKey(), JSON.stringify(headers))
}

/** Opens what `sealHeaders` stored. */
export function openHeaders(sealed: string | null): Record<string, string> {
  return sealed ? (JSON.parse(decryptSecret(secretsKey(), sealed)) as Record<string, string>) : {}
}
