import { lookup as dnsLookup } from 'node:dns/promises'
import { env } from '../../env'
import { parseAllowList, type OutboundAllowEntry } from './allow-list'

/** Resolves a host name to every address it has (the shape of `dns.lookup(host, { all: true })`). */
export type HostResolver = (host: string) => Promise<Array<{ address: string; family: number }>>

/** What the outbound guard lets through beyond public addresses, and how it resolves names. */
export interface OutboundPolicy {
  /** Allowances added to the operator's `OUTBOUND_ALLOW` (host names, host:port, addresses, CIDR ranges). */
  allow?: readonly (string | OutboundAllowEntry)[]
  /** Replaces DNS (tests); defaults to `dns.lookup` with `all: true`. */
  lookup?: HostResolver
}

/** The system resolver, as the guard uses it by default. */
export const systemResolver: HostResolver = (host) => dnsLookup(host, { all: true, verbatim: true })

let parsed: { text: string | undefined; entries: OutboundAllowEntry[] } | undefined

/**
 * The operator's `OUTBOUND_ALLOW` entries (validated by lib/env at start). Parsed again only when the
 * setting changes, which test harnesses do to allow their local peers.
 */
export function operatorAllowList(): OutboundAllowEntry[] {
  if (!parsed || parsed.text !== env.OUTBOUND_ALLOW)
    parsed = { text: env.OUTBOUND_ALLOW, entries: parseAllowList(env.OUTBOUND_ALLOW) }
  return parsed.entries
}

/** The operator's allowances plus the policy's own, parsed. */
export function allowEntriesOf(policy: OutboundPolicy | undefined): OutboundAllowEntry[] {
  const own = (policy?.allow ?? []).flatMap((entry) => (typeof entry === 'string' ? parseAllowList(entry) : [entry]))
  return [...operatorAllowList(), ...own]
}
