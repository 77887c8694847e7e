import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

/**
 * Whether an IP address is a public internet address a tenant-controlled URL may reach.
 * Deny by default: anything ipaddr.js puts in a special range (loopback, private, link-local with
 * cloud metadata, CGNAT, multicast, broadcast, reserved, unique-local…) is refused, and IPv6 that
 * embeds an IPv4 address (mapped, compatible, NAT64, 6to4, Teredo) is judged by the embedded address.
 */
export function isPublicAddress(address: string): boolean {
  // Only the canonical spellings sockets use: ipaddr.js also reads `1.2.3` and `0x7f.1`, which DNS answers never contain.
  if (isIP(address) === 0) return false
  const parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast'
  return isPublicIPv6(parsed as ipaddr.IPv6)
}

function isPublicIPv4Bytes(bytes: number[]): boolean {
  return new ipaddr.IPv4(bytes).range() === 'unicast'
}

function isPublicIPv6(address: ipaddr.IPv6): boolean {
  const range = address.range()
  const bytes = address.toByteArray()
  const lastFour = bytes.slice(12, 16)
  if (range === 'ipv4Mapped' || range === 'rfc6145' || range === 'rfc6052') return isPublicIPv4Bytes(lastFour)
  if (range === '6to4') return isPublicIPv4Bytes(bytes.slice(2, 6))
  if (range === 'teredo') {
    const client = lastFour.map((byte) => byte ^ 0xff)
    return isPublicIPv4Bytes(bytes.slice(4, 8)) && isPublicIPv4Bytes(client)
  }
  // IPv4-compatible (::a.b.c.d, deprecated): ipaddr.js calls it unicast, the stack may route it as IPv4.
  if (bytes.slice(0, 12).every((byte) => byte === 0)) return false
  // Only 2000::/3 is global unicast; ipaddr.js calls unassigned space "unicast" too.
  if ((bytes[0] & 0xe0) !== 0x20) return false
  return range === 'unicast'
}

/** Normalises an address (drops IPv6 brackets and zone, unwraps nothing) for comparisons. */
export function normaliseAddress(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  return isIP(bare) !== 0 ? ipaddr.parse(bare).toNormalizedString() : bare.toLowerCase()
}
