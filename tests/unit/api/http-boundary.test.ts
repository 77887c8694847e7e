// The pure pieces of the API boundary: every AppError becomes its own status (a 409 or 429 is no
// longer a 500) as an RFC 9457 problem; keys' scopes never exceed a role; cursor pages never
// shift when newer items arrive; webhook signatures verify, and fail on any change or an old time.
import { describe, expect, it } from 'vitest'
import { decodeCursor, pageAfter } from '../../../lib/boundary/api/v1/cursor'
import { scopesAllowedFor } from '../../../lib/services/auth/permissions'
import { AppError, ERROR_CODES, type ErrorCode } from '../../../lib/errors'
import { errorResponse } from '../../../lib/boundary/http/error-response'
import { signWebhook, verifyWebhook } from '../../../lib/services/webhooks/signature'

describe('errors at the boundary', () => {
  it('every AppError code answers its own status as application/problem+json; anything else is a 500 without details', async () => {
    for (const code of Object.keys(ERROR_CODES) as ErrorCode[]) {
      const response = errorResponse(new AppError(code, 'what went wrong', { field: ['say what'] }))
      expect(response.status, code).toBe(ERROR_CODES[code])
      expect(response.headers.get('content-type')).toBe('application/problem+json')
      const problem = await response.json()
      expect(problem).toMatchObject({
        status: ERROR_CODES[code],
        type: expect.stringContaining(code.replaceAll('_', '-')),
      })
      if (ERROR_CODES[code] < 500)
        expect(problem).toMatchObject({ detail: 'what went wrong', errors: { field: ['say what'] } })
    }
    const hidden = errorResponse(new Error('connection string postgres://secret@db'))
    expect(hidden.status).toBe(500)
    expect(await hidden.text()).not.toContain('secret')
  })

  it('the bare style keeps a 404 without a body for the app’s own pages, and other codes their status', async () => {
    const missing = errorResponse(new AppError('not_found', 'Not found'), 'bare')
    expect(missing.status).toBe(404)
    expect(await missing.text()).toBe('')
    expect(errorResponse(new AppError('conflict', 'busy'), 'bare').status).toBe(409)
  })
})

describe('scopes', () => {
  it('a role may only put on a key the scopes its permissions cover', () => {
    expect(scopesAllowedFor('member')).toEqual(['runs:read', 'runs:write', 'lessons:read', 'lessons:write'])
    expect(scopesAllowedFor('support')).toEqual(['runs:read', 'lessons:read'])
    expect(scopesAllowedFor('admin')).toEqual(['runs:read', 'runs:write', 'lessons:read', 'lessons:write', 'admin'])
  })
})

describe('cursor pages', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute))
  it('walks newest first, and items added after the walk began never appear or shift a page', () => {
    const items = Array.from({ length: 7 }, (_, index) => ({ id: `id${index}`, createdAt: at(index % 3) }))
    const seen: string[] = []
    let cursor: string | undefined
    let list = [...items]
    for (let page = 0; page < 10; page++) {
      const result = pageAfter(list, cursor, 3)
      seen.push(...result.page.map((item) => item.id))
      list = [...list, { id: `new${page}`, createdAt: at(59) }]
      if (!result.nextCursor) break
      cursor = result.nextCursor
    }
    expect([...seen].sort()).toEqual(items.map((item) => item.id).sort())
    expect(new Set(seen).size).toBe(seen.length)
  })

  it('a cursor it did not make is a 400 that says what to send', () => {
    for (const bad of ['%%%', 'e30', Buffer.from('"x"').toString('base64url')])
      expect(() => decodeCursor(bad, ['at', 'id'])).toThrow(/nextCursor/)
  })
})

describe('webhook signatures', () => {
  const secret = 'whsec_test'
  const body = '{"type":"run.finished"}'
  it('verify over the timestamp and the raw body, inside the replay window only', () => {
    const now = 1_800_000_000_000
    const timestamp = now / 1000
    const signature = signWebhook(secret, timestamp, body)
    expect(verifyWebhook(secret, { timestamp: String(timestamp), signature }, body, now)).toEqual({ ok: true })
    expect(verifyWebhook(secret, { timestamp: String(timestamp), signature }, `${body} `, now).ok).toBe(false)
    expect(verifyWebhook(secret, { timestamp: String(timestamp + 1), signature }, body, now).ok).toBe(false)
    expect(verifyWebhook('whsec_other', { timestamp: String(timestamp), signature }, body, now).ok).toBe(false)
    expect(verifyWebhook(secret, { timestamp: String(timestamp), signature }, body, now + 301_000)).toEqual({
      ok: false,
      reason: 'outside the replay window',
    })
    expect(verifyWebhook(secret, { timestamp: null, signature }, body, now).ok).toBe(false)
  })
})
