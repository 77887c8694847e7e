import ipaddr from 'ipaddr.js'

/**
 * The header in which the custom server puts the client's address (overwriting any value the
 * client sent), so the per-address sign-in limit cannot be dodged by forging a header.
 */
export const CLIENT_ADDRESS_HEADER = 'x-reflexion-client-address'

/** The client address the custom server wrote into the request headers, else 'unknown'. */
export function clientAddressFrom(headers: Record<string, string | string[] | undefined> | Headers): string {
  const value =
    headers instanceof Headers ? headers.get(CLIENT_ADDRESS_HEADER) : [headers[CLIENT_ADDRESS_HEADER]].flat()[0]
  // X-Forwarded-For is never read here: anyone can send it. The server reads it only from trusted proxies.
  return value || 'unknown'
}

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number]

/** The operator's reverse proxies (`TRUSTED_PROXIES`): addresses or CIDR ranges, comma-separated. */
export type TrustedProxies = readonly Range[]

/** Parses `TRUSTED_PROXIES` (`10.0.0.0/8, 192.0.2.7, fd00::/8`, or `loopback`); throws naming a bad entry. */
export function parseTrustedProxies(text: string | undefined): TrustedProxies {
  return (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .flatMap((entry): Range[] => {
      if (entry === 'loopback') return [ipaddr.parseCIDR('127.0.0.0/8'), ipaddr.parseCIDR('::1/128')]
      try {
        return [entry.includes('/') ? ipaddr.parseCIDR(entry) : [ipaddr.parse(entry), entry.includes(':') ? 128 : 32]]
      } catch {
        throw new Error(`'${entry}' is not an address or CIDR range (e.g. 10.0.0.0/8, 192.0.2.7 or loopback).`)
      }
    })
}

/** The address in its plain form: IPv4-mapped IPv6 (`::ffff:10.0.0.1`) as IPv4; null when not an address. */
function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const trimmed = text.trim().replace(/^\[(.*)\]$/, '$1')
  if (!ipaddr.isValid(trimmed)) return null
  const parsed = ipaddr.parse(trimmed)
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
    ? (parsed as ipaddr.IPv6).toIPv4Address()
    : parsed
}

function isTrusted(address: ipaddr.IPv4 | ipaddr.IPv6, proxies: TrustedProxies): boolean {
  return proxies.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits))
}

/**
 * The client's address: the socket's peer, unless that peer is one of the operator's proxies; then
 * X-Forwarded-For read from the right (each proxy appends the address it saw), skipping trusted
 * proxies, up to the first address no trusted proxy vouches for. Entries further left were written
 * by the client and are ignored. With no trusted proxies, X-Forwarded-For is never read.
 */
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  proxies: TrustedProxies,
): string {
  const peer = parseAddress(socketAddress ?? '')
  if (!peer) return socketAddress || 'unknown'
  let client = peer
  if (isTrusted(peer, proxies)) {
    const hops = [forwardedFor ?? []].flat().join(',').split(',').reverse()
    for (const hop of hops) {
      const address = parseAddress(hop)
      if (!address) break // a malformed hop: stop at the last address a trusted proxy gave
      client = address
      if (!isTrusted(address, proxies)) break
    }
  }
  return client.toString()
}
