import { describe, expect, it } from 'vitest'
import { safeCallbackUrl, signInPath } from '../../../lib/services/auth/callback-url'
import { isDecodablePath } from '../../../scripts/malformed-path'

describe('deep links through sign-in', () => {
  it.each([
    ['/support/runs/abc123', '/support/runs/abc123'],
    ['/runs/abc?tab=log#event-4', '/runs/abc?tab=log#event-4'],
    ['/lessons?q=caf%C3%A9', '/lessons?q=caf%C3%A9'],
    ['/runs/abc?_rsc=1x2y', '/runs/abc'],
  ])('keeps the same-site path %j', (value, expected) => expect(safeCallbackUrl(value)).toBe(expected))

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/%0d%0aSet-Cookie:x=1',
    '/signin?callbackUrl=/x',
    '/api/auth/signout',
    'evil.example',
    '',
    42,
    null,
    `/${'a'.repeat(3000)}`,
  ])('refuses %j (an open redirect or a loop)', (value) => {
    const result = safeCallbackUrl(value)
    expect(result === '/' || result.startsWith('/%0')).toBe(true)
    expect(new URL(result, 'http://site.test').origin).toBe('http://site.test')
  })

  it('sends a signed-out visitor to /signin with the path to come back to', () => {
    expect(signInPath('/support/runs/r1')).toBe('/signin?callbackUrl=%2Fsupport%2Fruns%2Fr1')
    expect(signInPath('/')).toBe('/signin')
    expect(signInPath(null)).toBe('/signin')
    expect(signInPath('//evil.example')).toBe('/signin')
  })
})

describe('paths that cannot be decoded', () => {
  it.each(['/runs/%ED%A0%80', '/runs/%', '/runs/%E0%A4%A', '/%C0%AF'])('%j is not decodable (answered 404)', (path) =>
    expect(isDecodablePath(path)).toBe(false),
  )
  it.each(['/runs/abc', '/lessons?q=%ED%A0%80', '/runs/caf%C3%A9', '/'])('%j is decodable', (path) =>
    expect(isDecodablePath(path)).toBe(true),
  )
})
