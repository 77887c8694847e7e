import { describe, expect, it } from 'vitest'
import { callerOf } from '../../../lib/services/auth/caller'
import { pickActiveMembership, type SessionMembership } from '../../../lib/services/auth/active-tenant'
import { safeCallbackUrl } from '../../../lib/services/auth/callback-url'
import {
  CLIENT_ADDRESS_HEADER,
  clientAddressFrom,
  parseTrustedProxies,
  resolveClientAddress,
} from '../../../lib/services/auth/client-address'
import { requirePermission, requireSameTenant } from '../../../lib/services/auth/guards'
import { hashPassword, verifyPassword } from '../../../lib/services/auth/password'
import {
  accountBackoffSeconds,
  accountKey,
  blockMessage,
  failureDelayMs,
} from '../../../lib/services/rate-limit/sign-in-policy'
import { generateInvitationCode, hashInvitationCode } from '../../../lib/services/tenants/invitation-code'
import { tenantSlug } from '../../../lib/services/tenants/slug'
import { emailField, passwordField } from '../../../lib/services/users/schemas'

const membership = (tenantId: string): SessionMembership => ({
  membershipId: `m-${tenantId}`,
  tenantId,
  tenantName: tenantId,
  role: 'member',
})

describe('active tenant', () => {
  it('uses the requested tenant only when the user is a member there', () => {
    const memberships = [membership('a'), membership('b')]
    expect(pickActiveMembership(memberships, 'b')?.tenantId).toBe('b')
    expect(pickActiveMembership(memberships, 'someone-elses')?.tenantId).toBe('a')
    expect(pickActiveMembership(memberships, undefined)?.tenantId).toBe('a')
    expect(pickActiveMembership([], 'a')).toBeNull()
  })
})

describe('guards', () => {
  const caller = callerOf({ user: { id: 'u' }, active: { tenantId: 't', role: 'support' } })!
  it('refuse with not_found, never with a reason', () => {
    expect(() => requirePermission(caller, 'lessons.curateShared')).toThrow(
      expect.objectContaining({ code: 'not_found', status: 404 }),
    )
    expect(() => requirePermission(caller, 'support.console')).not.toThrow()
    expect(() => requireSameTenant(caller, 'other')).toThrow(expect.objectContaining({ code: 'not_found' }))
    expect(() => requireSameTenant(caller, 't')).not.toThrow()
  })
})

describe('passwords', () => {
  it('hash with argon2id and verify', async () => {
    const hash = await hashPassword('correct horse battery')
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true)
    expect(await verifyPassword(hash, 'wrong horse battery')).toBe(false)
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false)
  })
})

describe('small rules', () => {
  it('callback URLs stay on this site', () => {
    expect(safeCallbackUrl('/invite/abc')).toBe('/invite/abc')
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil.example', undefined, 42])
      expect(safeCallbackUrl(bad)).toBe('/')
  })

  it('the client address comes from the server-set header only, never from a header the client can send', () => {
    expect(clientAddressFrom(new Headers({ [CLIENT_ADDRESS_HEADER]: '10.0.0.1', 'x-forwarded-for': '1.2.3.4' }))).toBe(
      '10.0.0.1',
    )
    expect(clientAddressFrom({ 'x-forwarded-for': '1.2.3.4, 5.6.7.8' })).toBe('unknown')
    expect(clientAddressFrom({})).toBe('unknown')
  })

  it('X-Forwarded-For is believed only from trusted proxies, read from the right', () => {
    const proxies = parseTrustedProxies('10.0.0.0/8, 192.0.2.7, fd00::/8')
    // No trusted proxies: the socket peer, whatever the header says.
    expect(resolveClientAddress('203.0.113.9', '1.2.3.4', [])).toBe('203.0.113.9')
    expect(resolveClientAddress('10.0.0.5', '1.2.3.4', [])).toBe('10.0.0.5')
    // Behind the proxy: the address the proxy appended; what the client wrote further left is ignored.
    expect(resolveClientAddress('10.0.0.5', '6.6.6.6, 198.51.100.20', proxies)).toBe('198.51.100.20')
    // Two proxies in a row (both trusted), IPv4-mapped socket addresses, a header given twice.
    expect(resolveClientAddress('::ffff:10.0.0.5', ['6.6.6.6, 198.51.100.20', '192.0.2.7'], proxies)).toBe(
      '198.51.100.20',
    )
    expect(resolveClientAddress('fd00::1', '2001:db8::9', proxies)).toBe('2001:db8::9')
    // A peer that is not a proxy cannot claim to be one; a proxy that sent no header is the client.
    expect(resolveClientAddress('198.51.100.1', '10.0.0.1, 1.1.1.1', proxies)).toBe('198.51.100.1')
    expect(resolveClientAddress('10.0.0.5', undefined, proxies)).toBe('10.0.0.5')
    // Junk in the header stops the walk at the last address a trusted proxy gave.
    expect(resolveClientAddress('10.0.0.5', 'not-an-ip', proxies)).toBe('10.0.0.5')
    expect(parseTrustedProxies('loopback')).toHaveLength(2)
    expect(() => parseTrustedProxies('10.0.0.0/8, proxy.internal')).toThrow(/'proxy.internal' is not an address/)
  })

  it('sign-in delays grow and cap; messages say when to retry', () => {
    expect([0, 1, 3, 10].map(failureDelayMs)).toEqual([200, 200, 600, 1000])
    expect(accountKey('  Ada@Example.COM ')).toBe('account:ada@example.com')
    const now = new Date('2026-01-01T00:00:00Z')
    expect([0, 4, 5, 6, 7, 9, 40].map(accountBackoffSeconds)).toEqual([0, 0, 2, 4, 8, 32, 60])
    expect(blockMessage({ reason: 'account_slowed', until: new Date(now.getTime() + 1_000) }, now)).toMatch(
      /for this account\. Try again in 1 second\.$/,
    )
    expect(blockMessage({ reason: 'pair_limited', until: new Date(now.getTime() + 60_000) }, now)).toMatch(
      /Try again in 1 minute\.$/,
    )
    expect(blockMessage({ reason: 'address_limited', until: new Date(now.getTime() + 9 * 60_000) }, now)).toMatch(
      /network\. Try again in 9 minutes/,
    )
  })

  it('invitation codes are random and stored as SHA-256', () => {
    const code = generateInvitationCode()
    expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(generateInvitationCode()).not.toBe(code)
    expect(hashInvitationCode('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })

  it('slugs are URL-safe with a random suffix', () => {
    expect(tenantSlug('Ünïcode & Co.')).toMatch(/^unicode-co-[0-9a-f]{8}$/)
    expect(tenantSlug('!!!')).toMatch(/^tenant-[0-9a-f]{8}$/)
  })

  it('emails are trimmed and lower-cased; passwords need 12 to 200 characters', () => {
    expect(emailField.parse('  Ada@Example.com ')).toBe('ada@example.com')
    expect(emailField.safeParse('ada@').success).toBe(false)
    expect(passwordField.safeParse('x'.repeat(11)).success).toBe(false)
    expect(passwordField.safeParse('x'.repeat(12)).success).toBe(true)
    expect(passwordField.safeParse('x'.repeat(201)).success).toBe(false)
  })
})
