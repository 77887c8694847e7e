// The pure parts of sign-up: the per-address window, the mails' words, the sign-up token, the mail
// viewer's gate, delivery backoff, and the operator's settings in the environment.
import { describe, expect, it } from 'vitest'
import { parseEnv } from '../../../lib/env'
import { retryDelayMs } from '../../../lib/adapters/mail/delivery-policy'
import { isLoopbackAddress, mailViewerEnabled } from '../../../lib/adapters/mail/mail-viewer-policy'
import { confirmSignUpMail, existingAccountMail } from '../../../lib/adapters/mail/messages'
import { signUpBlock, signUpBlockMessage, signUpReleaseIndex } from '../../../lib/services/rate-limit/sign-up-policy'
import { generateSignUpToken, hashSignUpToken } from '../../../lib/services/users/sign-up-token'

describe('the sign-up window', () => {
  const now = new Date('2026-12-01T12:00:00Z')

  it('allows up to the limit, then blocks until enough requests leave the window', () => {
    expect(signUpBlock(10, 10, null, now)).toBeNull()
    const entered = new Date(now.getTime() - 45 * 60_000)
    const block = signUpBlock(11, 10, entered, now)
    expect(block).toEqual({ reason: 'address_limited', until: new Date(now.getTime() + 15 * 60_000) })
    expect(signUpBlockMessage(block!, now)).toBe('Too many sign-ups from your network. Try again in 15 minutes.')
    expect(signUpBlockMessage({ reason: 'address_limited', until: new Date(now.getTime() + 20_000) }, now)).toBe(
      'Too many sign-ups from your network. Try again in 1 minute.',
    )
  })

  it('releases at the request whose leaving brings the count under the limit (refused requests count too)', () => {
    // 11 in the window with a limit of 10: the next one gets in once the two oldest have left.
    expect(signUpReleaseIndex(11, 10)).toBe(1)
    expect(signUpReleaseIndex(15, 10)).toBe(5)
    expect(signUpReleaseIndex(3, 10)).toBe(0)
  })
})

describe('sign-up mails', () => {
  it('the confirmation carries the link and says nothing is created without it', () => {
    const mail = confirmSignUpMail({
      to: 'ada@example.com',
      purpose: { tenantName: 'Engines' },
      confirmUrl: 'https://studio.example/verify/abc',
      expiresInHours: 24,
    })
    expect(mail).toMatchObject({ to: 'ada@example.com', kind: 'sign_up.confirm' })
    expect(mail.text).toContain('https://studio.example/verify/abc')
    expect(mail.text).toContain('the organisation Engines')
    expect(mail.text).toMatch(/nothing is created without it/)
  })

  it('the note to an existing account has no sign-up link, and for an invitation says how to join', () => {
    const mail = existingAccountMail({
      to: 'ada@example.com',
      purpose: { invitedTo: 'Demo' },
      signInUrl: 'https://studio.example/signin',
    })
    expect(mail.kind).toBe('sign_up.existing_account')
    expect(mail.text).not.toContain('/verify/')
    expect(mail.text).toContain('https://studio.example/signin')
    expect(mail.text).toMatch(/open the invitation link again to join Demo/)
  })
})

describe('sign-up tokens', () => {
  it('are random, URL-safe, and stored as SHA-256', () => {
    const token = generateSignUpToken()
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(generateSignUpToken()).not.toBe(token)
    expect(hashSignUpToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })
})

describe('the development mail viewer', () => {
  const embedded = { NODE_ENV: 'production' }
  it('answers only this machine, only without SMTP, only in development or on the embedded database', () => {
    expect(mailViewerEnabled(embedded, '127.0.0.1')).toBe(true)
    expect(mailViewerEnabled(embedded, '::1')).toBe(true)
    expect(mailViewerEnabled(embedded, '::ffff:127.0.0.1')).toBe(true)
    expect(mailViewerEnabled(embedded, '203.0.113.9')).toBe(false)
    expect(mailViewerEnabled(embedded, 'unknown')).toBe(false)
    expect(mailViewerEnabled({ ...embedded, SMTP_URL: 'smtp://mail:25' }, '127.0.0.1')).toBe(false)
    const server = { NODE_ENV: 'production', DATABASE_URL: 'postgresql://db/app' }
    expect(mailViewerEnabled(server, '127.0.0.1')).toBe(false)
    expect(mailViewerEnabled({ ...server, NODE_ENV: 'development' }, '127.0.0.1')).toBe(true)
  })

  it('knows loopback addresses', () => {
    expect(isLoopbackAddress('127.8.9.10')).toBe(true)
    expect(isLoopbackAddress('128.0.0.1')).toBe(false)
    expect(isLoopbackAddress('127.0.0.1.evil')).toBe(false)
  })
})

describe('delivery backoff', () => {
  it('doubles from one minute and stops at six hours', () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000])
    expect(retryDelayMs(20)).toBe(6 * 60 * 60_000)
  })
})

describe('operator settings in the environment', () => {
  const parse = (values: Record<string, string>) => parseEnv({ NODE_ENV: 'test', ...values })

  it('SIGNUP is open by default, or invite-only; anything else fails with what is accepted', () => {
    expect(parse({}).SIGNUP).toBe('open')
    expect(parse({ SIGNUP: 'invite-only' }).SIGNUP).toBe('invite-only')
    expect(() => parse({ SIGNUP: 'closed' })).toThrow(/SIGNUP is `open` or `invite-only`/)
  })

  it('SMTP_URL is an smtp:// or smtps:// URL; the sign-up limit is a positive number (default 10 an hour)', () => {
    expect(parse({ SMTP_URL: 'smtps://user:pw@mail.example.com:465' }).SMTP_URL).toBe(
      'smtps://user:pw@mail.example.com:465',
    )
    expect(() => parse({ SMTP_URL: 'https://mail.example.com' })).toThrow(/SMTP_URL is an smtp/)
    expect(parse({}).SIGNUP_LIMIT_PER_HOUR).toBe(10)
    expect(() => parse({ SIGNUP_LIMIT_PER_HOUR: '0' })).toThrow(/SIGNUP_LIMIT_PER_HOUR/)
  })
})
