import ipaddr from 'ipaddr.js'

/** One operator allowance: a host name, a host with a port, an address or a CIDR range. */
export type OutboundAllowEntry =
  | { kind: 'host'; host: string; port?: number }
  | { kind: 'range'; range: [ipaddr.IPv4 | ipaddr.IPv6, number]; port?: number }

function normaliseHost(host: string): string {
  return host.toLowerCase().replace(/\.$/, '')
}

function parsePort(text: string, entry: string): number {
  const port = Number(text)
  if (!/^\d+$/.test(text) || port < 1 || port > 65535) throw new Error(`'${entry}': the port must be 1–65535.`)
  return port
}

/**
 * Parses one allowance (`api.internal`, `api.internal:8443`, `10.0.0.5`, `[fd00::1]:8080`,
 * `10.0.0.0/8`, `fd00::/8`); throws an Error naming the entry when it is not one of those.
 */
export function parseAllowEntry(text: string): OutboundAllowEntry {
  const entry = text.trim()
  if (entry === '') throw new Error('An empty entry is not an allowance.')
  if (entry.includes('/')) {
    try {
      return { kind: 'range', range: ipaddr.parseCIDR(entry) }
    } catch {
      throw new Error(`'${entry}' is not a CIDR range (e.g. 10.0.0.0/8 or fd00::/8).`)
    }
  }
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry)
  if (bracketed) {
    if (!ipaddr.IPv6.isValid(bracketed[1])) throw new Error(`'${entry}' is not an IPv6 address.`)
    const port = bracketed[2] === undefined ? undefined : parsePort(bracketed[2], entry)
    return { kind: 'range', range: [ipaddr.parse(bracketed[1]), 128], port }
  }
  if (ipaddr.IPv6.isValid(entry)) return { kind: 'range', range: [ipaddr.parse(entry), 128] }
  const [host, portText, ...rest] = entry.split(':')
  if (rest.length > 0) throw new Error(`'${entry}' is not a host, host:port, address or CIDR range.`)
  const port = portText === undefined ? undefined : parsePort(portText, entry)
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) return { kind: 'range', range: [ipaddr.parse(host), 32], port }
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/i.test(host))
    throw new Error(`'${entry}' is not a host name, host:port, address or CIDR range.`)
  return { kind: 'host', host: normaliseHost(host), port }
}

/** Parses a comma-separated allow list (the `OUTBOUND_ALLOW` setting); throws on the first bad entry. */
export function parseAllowList(text: string | undefined): OutboundAllowEntry[] {
  if (!text) return []
  return text
    .split(',')
    .filter((part) => part.trim() !== '')
    .map(parseAllowEntry)
}

function portMatches(entry: OutboundAllowEntry, port: number): boolean {
  return entry.port === undefined || entry.port === port
}

/** Whether the operator allowed this host name (and port) whatever it resolves to. */
export function isHostAllowed(entries: readonly OutboundAllowEntry[], host: string, port: number): boolean {
  const wanted = normaliseHost(host)
  return entries.some((entry) => entry.kind === 'host' && entry.host === wanted && portMatches(entry, port))
}

/** Whether the operator allowed this resolved address (and port) although it is not public. */
export function isAddressAllowed(entries: readonly OutboundAllowEntry[], address: string, port: number): boolean {
  if (!ipaddr.isValid(address)) return false
  let parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address()
  return entries.some(
    (entry) =>
      entry.kind === 'range' &&
      entry.range[0].kind() === parsed.kind() &&
      parsed.match(entry.range) &&
      portMatches(entry, port),
  )
}
