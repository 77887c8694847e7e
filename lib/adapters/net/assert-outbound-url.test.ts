import { describe, expect, it } from 'vitest'
import { parseAllowEntry, parseAllowList } from './allow-list'
import { assertOutboundUrl } from './assert-outbound-url'
import { OutboundRefusedError, type OutboundRefusalReason } from './errors'
import type { HostResolver } from './policy'

/** A resolver from a fixed table, so no test depends on the machine's DNS. */
function table(records: Record<string, string[]>): HostResolver {
  return async (host) => {
    const found = records[host.toLowerCase()]
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  }
}

const lookup = table({
  'public.test': ['93.184.216.34'],
  localhost: ['127.0.0.1', '::1'],
  'localhost.': ['127.0.0.1'],
  'metadata.test': ['169.254.169.254'],
  'mixed.test': ['93.184.216.34', '10.0.0.7'],
  'six.test': ['2606:4700:4700::1111'],
  'mapped.test': ['::ffff:127.0.0.1'],
  'internal.test': ['10.1.2.3'],
})

async function refusal(url: string, allow: string[] = []): Promise<OutboundRefusalReason | 'accepted'> {
  try {
    await assertOutboundUrl(url, { lookup, allow })
    return 'accepted'
  } catch (error) {
    expect(error).toBeInstanceOf(OutboundRefusedError)
    return (error as OutboundRefusedError).reason
  }
}

describe('assertOutboundUrl', () => {
  it('accepts a public host and returns the addresses it checked', async () => {
    const checked = await assertOutboundUrl('https://public.test/v1', { lookup })
    expect(checked.url.href).toBe('https://public.test/v1')
    expect(checked.addresses).toEqual(['93.184.216.34'])
    expect(await refusal('http://six.test:8080/')).toBe('accepted')
    expect(await refusal('http://8.8.8.8/')).toBe('accepted')
  })

  it('refuses other protocols, credentials and non-URLs', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://public.test/', 'gopher://public.test/', 'data:,x', 'javascript:1'])
      expect(await refusal(url), url).toBe('protocol')
    expect(await refusal('http://user:pass@public.test/')).toBe('credentials')
    expect(await refusal('http://user@public.test/')).toBe('credentials')
    expect(await refusal('not a url')).toBe('invalid-url')
    expect(await refusal('')).toBe('invalid-url')
  })

  it('refuses host names that resolve to loopback, metadata or private addresses', async () => {
    for (const url of [
      'http://localhost:3000/',
      'http://LOCALHOST/',
      'http://localhost./',
      'http://metadata.test/latest/meta-data/',
      'http://mapped.test/',
      'http://internal.test/',
    ])
      expect(await refusal(url), url).toBe('address')
  })

  it('refuses a host when any one of its addresses is private', async () => {
    expect(await refusal('http://mixed.test/')).toBe('address')
  })

  it('refuses a host that does not resolve, with the same message as a private one', async () => {
    const unresolvable = await assertOutboundUrl('http://nowhere.test/', { lookup }).catch((error) => error)
    const privateOne = await assertOutboundUrl('http://internal.test/', { lookup }).catch((error) => error)
    expect(unresolvable.reason).toBe('address')
    expect(unresolvable.message).toBe(privateOne.message)
    expect(unresolvable.message).not.toMatch(/10\.1\.2\.3|ENOTFOUND|nowhere/)
  })

  it('refuses literal addresses in every range and in odd spellings', async () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://127.1/',
      'http://0x7f.1/',
      'http://0x7f000001/',
      'http://2130706433/',
      'http://017700000001/',
      'http://0177.0.0.1/',
      'http://127.000.000.001/',
      'http://0/',
      'http://0.0.0.0/',
      'http://10.0.0.1/',
      'http://172.16.5.4/',
      'http://192.168.1.1/',
      'http://100.64.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://0xa9fea9fe/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
      'http://240.0.0.1/',
      'http://[::1]/',
      'http://[::]/',
      'http://[0:0:0:0:0:0:0:1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://[::ffff:169.254.169.254]/',
      'http://[::127.0.0.1]/',
      'http://[fe80::1]/',
      'http://[fc00::1]/',
      'http://[fd00:ec2::254]/',
      'http://[ff02::1]/',
      'http://[64:ff9b::7f00:1]/',
      'http://[2002:7f00:1::]/',
      'http://[2001:0:7f00:1::1]/',
      'https://127.0.0.1:443/',
    ])
      expect(await refusal(url), url).toBe('address')
  })

  it('lets the operator allow hosts, host:port, addresses and ranges', async () => {
    expect(await refusal('http://localhost:3000/', ['localhost'])).toBe('accepted')
    expect(await refusal('http://localhost:3000/', ['localhost:3000'])).toBe('accepted')
    expect(await refusal('http://localhost:3001/', ['localhost:3000'])).toBe('address')
    expect(await refusal('http://internal.test/', ['10.0.0.0/8'])).toBe('accepted')
    expect(await refusal('http://internal.test/', ['10.1.2.3'])).toBe('accepted')
    expect(await refusal('http://internal.test/', ['192.168.0.0/16'])).toBe('address')
    expect(await refusal('http://127.0.0.1:8080/', ['127.0.0.1:8080'])).toBe('accepted')
    expect(await refusal('http://127.0.0.1:8081/', ['127.0.0.1:8080'])).toBe('address')
    expect(await refusal('http://[::1]:9/', ['[::1]:9'])).toBe('accepted')
    expect(await refusal('http://[fd00::5]/', ['fd00::/8'])).toBe('accepted')
    // localhost has ::1 as well: allowing only the IPv4 address does not allow the name.
    expect(await refusal('http://localhost/', ['127.0.0.1'])).toBe('address')
    expect(await refusal('http://localhost/', ['127.0.0.1', '::1'])).toBe('accepted')
  })
})

describe('parseAllowList', () => {
  it('parses every accepted shape', () => {
    expect(parseAllowList('')).toEqual([])
    expect(parseAllowList(undefined)).toEqual([])
    expect(
      parseAllowList('llm.internal, llm.internal:8443,10.0.0.5,10.0.0.0/8,[fd00::1]:80,fd00::/8,::1'),
    ).toHaveLength(7)
    expect(parseAllowEntry('LLM.Internal.')).toEqual({ kind: 'host', host: 'llm.internal', port: undefined })
  })

  it('names the entry it cannot read', () => {
    for (const bad of ['http://x', 'a b', '10.0.0.0/99', 'host:0', 'host:70000', 'host:1:2', '[zz]:1', 'x_y'])
      expect(() => parseAllowEntry(bad), bad).toThrow(/'.+'/)
  })
})
