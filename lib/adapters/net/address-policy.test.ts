import { describe, expect, it } from 'vitest'
import { isPublicAddress } from './address-policy'

const refused: Record<string, string[]> = {
  'IPv4 loopback': ['127.0.0.1', '127.255.255.254', '127.1.2.3'],
  'IPv4 private': ['10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.255', '192.168.0.1', '192.168.255.255'],
  'IPv4 CGNAT': ['100.64.0.1', '100.127.255.255'],
  'IPv4 link-local and metadata': ['169.254.0.1', '169.254.169.254'],
  'IPv4 unspecified, this-network': ['0.0.0.0', '0.1.2.3'],
  'IPv4 multicast and broadcast': ['224.0.0.1', '239.255.255.255', '255.255.255.255'],
  'IPv4 reserved and documentation': [
    '240.0.0.1',
    '192.0.0.8',
    '192.0.2.1',
    '198.18.0.1',
    '198.51.100.1',
    '203.0.113.1',
  ],
  'IPv6 loopback and unspecified': ['::1', '::'],
  'IPv6 link-local': ['fe80::1', 'febf::1'],
  'IPv6 unique-local': ['fc00::1', 'fd12:3456::1'],
  'IPv6 multicast': ['ff02::1', 'ff05::2'],
  'IPv6 site-local and reserved': ['fec0::1', '2001:db8::1', '100::1'],
  'IPv4-mapped IPv6 of private': ['::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254'],
  'IPv4-compatible IPv6': ['::127.0.0.1', '::7f00:1', '::10.0.0.1'],
  'IPv4-translated (RFC 6145)': ['::ffff:0:127.0.0.1', '::ffff:0:a00:1'],
  'NAT64 of private': ['64:ff9b::127.0.0.1', '64:ff9b::a9fe:a9fe', '64:ff9b:1::a00:1'],
  '6to4 of private': ['2002:7f00:1::1', '2002:a9fe:a9fe::1', '2002:c0a8:101::'],
  'Teredo with private server or client': ['2001:0:7f00:1::1', '2001:0:808:808::80ff:fefe'],
  'IPv6 outside global unicast': ['4000::1', 'e000::1'],
  'not an address': ['localhost', '', '1.2.3', 'example.com'],
}

const allowed = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.216.34',
  '172.32.0.1',
  '100.128.0.1',
  '2606:4700:4700::1111',
  '2a00:1450:4001:80b::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
]

describe('isPublicAddress', () => {
  for (const [range, addresses] of Object.entries(refused)) {
    it(`refuses ${range}`, () => {
      for (const address of addresses) expect(isPublicAddress(address), address).toBe(false)
    })
  }

  it('accepts public IPv4 and IPv6, and public addresses embedded in IPv6', () => {
    for (const address of allowed) expect(isPublicAddress(address), address).toBe(true)
  })
})
