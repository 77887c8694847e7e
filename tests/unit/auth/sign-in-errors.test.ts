// /signin?error=<any text> showed the text: only our own wording is shown now.
import { describe, expect, it } from 'vitest'
import { GENERIC_SIGN_IN_ERROR, signInErrorMessage } from '../../../lib/services/auth/sign-in-errors'
import { blockMessage } from '../../../lib/services/rate-limit/sign-in-policy'

describe('the sign-in page error', () => {
  it('maps Auth.js codes to our messages', () => {
    expect(signInErrorMessage('CredentialsSignin')).toBe('Wrong email or password.')
    expect(signInErrorMessage('SsoUnverified')).toMatch(/has not verified your e-mail address/)
    expect(signInErrorMessage('OAuthCallback')).toMatch(/identity provider did not work/)
    expect(signInErrorMessage('AccessDenied')).toBe('You may not sign in here with that account.')
    expect(signInErrorMessage(undefined)).toBeUndefined()
  })

  it('shows the password sign-in refusals it knows, with the wait re-written and bounded', () => {
    const now = new Date('2026-01-01T00:00:00Z')
    const until = new Date(now.getTime() + 14 * 60_000)
    for (const message of [
      'Wrong email or password.',
      'Enter your email and password.',
      blockMessage({ reason: 'account_slowed', until: new Date(now.getTime() + 4_000) }, now),
      blockMessage({ reason: 'pair_limited', until }, now),
      blockMessage({ reason: 'address_limited', until }, now),
    ])
      expect(signInErrorMessage(message)).toBe(message)
    expect(signInErrorMessage('Too many failed sign-ins from your network. Try again in 9999 minutes.')).toBe(
      'Too many failed sign-ins from your network. Try again in 1440 minutes.',
    )
  })

  it.each([
    'Your account was suspended. Call +1 555 0100 to restore it.',
    '<script>alert(1)</script>',
    'Wrong email or password. Visit https://evil.example to reset it.',
    'Default',
    'constructor',
    '__proto__',
    '',
  ])('shows the generic message, never the text, for %j', (text) => {
    expect(signInErrorMessage(text)).toBe(GENERIC_SIGN_IN_ERROR)
  })

  it('a repeated parameter is generic too', () => {
    expect(signInErrorMessage(['CredentialsSignin', 'x'])).toBe(GENERIC_SIGN_IN_ERROR)
  })
})
