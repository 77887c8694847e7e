import { isIP } from 'node:net'
import { normaliseAddress, isPublicAddress } from './address-policy'
import { isAddressAllowed, isHostAllowed } from './allow-list'
import { OutboundRefusedError } from './errors'
import { allowEntriesOf, systemResolver, type OutboundPolicy } from './policy'

/** A URL the guard accepted, with the addresses it checked (connect only to these). */
export interface CheckedOutboundUrl {
  url: URL
  addresses: string[]
}

/** The host of a URL without IPv6 brackets, as DNS and sockets want it. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '')
}

/** The port a URL connects to, defaults included. */
export function effectivePort(url: URL): number {
  if (url.port !== '') return Number(url.port)
  return url.protocol === 'https:' ? 443 : 80
}

function parseUrl(input: string | URL): URL {
  try {
    return new URL(String(input))
  } catch {
    throw new OutboundRefusedError('invalid-url')
  }
}

/**
 * Checks a URL a tenant controls before anything is sent to it: http or https only, no credentials,
 * and every address its host resolves to must be public unless the operator (`OUTBOUND_ALLOW`) or
 * the policy allows it. Throws OutboundRefusedError; resolves to the URL and the checked addresses.
 */
export async function assertOutboundUrl(input: string | URL, policy?: OutboundPolicy): Promise<CheckedOutboundUrl> {
  const url = parseUrl(input)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefusedError('protocol')
  if (url.username !== '' || url.password !== '') throw new OutboundRefusedError('credentials')
  const host = bareHostname(url)
  const addresses = await resolveAll(host, policy)
  assertAddressesAllowed(host, effectivePort(url), addresses, policy)
  return { url, addresses }
}

async function resolveAll(host: string, policy: OutboundPolicy | undefined): Promise<string[]> {
  if (isIP(host)) return [host]
  try {
    const records = await (policy?.lookup ?? systemResolver)(host)
    return records.map((record) => record.address)
  } catch {
    throw new OutboundRefusedError('address')
  }
}

/**
 * Refuses unless every address is public or allowed (a host name the operator allowed passes whatever
 * it resolves to). Used before a request and again when the socket connects.
 */
export function assertAddressesAllowed(
  host: string,
  port: number,
  addresses: readonly string[],
  policy: OutboundPolicy | undefined,
): void {
  if (addresses.length === 0) throw new OutboundRefusedError('address')
  const allowances = allowEntriesOf(policy)
  if (isHostAllowed(allowances, host, port)) return
  for (const address of addresses) {
    const bare = normaliseAddress(address)
    if (!isPublicAddress(bare) && !isAddressAllowed(allowances, bare, port)) throw new OutboundRefusedError('address')
  }
}
