// Inputs that were 500s: impossible dates in the audit and support filters, the tenant switcher
// called with a plain object, and a server action with an empty Origin header at the custom server.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { isCalendarDay, parseDayRange } from '../../../lib/boundary/actions/day-range'
import { parseSwitchTenantInput } from '../../../lib/services/tenants/switch-tenant-input'
import { answeredMalformedOrigin, isMalformedOrigin } from '../../../scripts/malformed-origin'

describe('date filters', () => {
  it.each(['2099-99-99', '2026-13-45', '2026-02-29', '2026-04-31', '2026-00-10', '20260101', '2026-1-1', 'today'])(
    '%j is not a day',
    (text) => expect(isCalendarDay(text)).toBe(false),
  )

  it.each(['2024-02-29', '2026-12-31', '2026-01-01'])('%j is a day', (text) => expect(isCalendarDay(text)).toBe(true))

  it('names each impossible date in a message that says what is accepted, and leaves it out of the range', () => {
    const { range, errors } = parseDayRange({ from: '2026-13-45', to: '2099-99-99' })
    expect(range).toEqual({})
    expect(errors.from).toBe(
      'From: “2026-13-45” is not a date: use YYYY-MM-DD with a real month and day, e.g. 2026-03-05.',
    )
    expect(errors.to).toMatch(/^To: “2099-99-99” is not a date: use YYYY-MM-DD/)
  })

  it('reads valid days at the start of the day in UTC; an end before the start is a message', () => {
    expect(parseDayRange({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      range: { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-03-31T00:00:00Z') },
      errors: {},
    })
    expect(parseDayRange({ from: '', to: undefined })).toEqual({ range: {}, errors: {} })
    const swapped = parseDayRange({ from: '2026-03-31', to: '2026-03-01' })
    expect(swapped.range).toEqual({ from: new Date('2026-03-31T00:00:00Z') })
    expect(swapped.errors.to).toMatch(/before the start date/)
  })
})

describe('the tenant switcher input', () => {
  it('accepts a posted form or an object with a tenant id', () => {
    const form = new FormData()
    form.set('tenantId', 'ckabc123')
    form.set('$ACTION_ID_1', '')
    expect(parseSwitchTenantInput(form)).toEqual({ ok: true, tenantId: 'ckabc123' })
    expect(parseSwitchTenantInput({ tenantId: 'ckabc123' })).toEqual({ ok: true, tenantId: 'ckabc123' })
  })

  it.each([
    ['a plain object without the field', {}],
    ['an object id', { tenantId: { toString: (): string => 'x' } }],
    ['an array of ids', { tenantId: ['a', 'b'] }],
    ['null', null],
    ['a string', 'ckabc123'],
    ['an empty id', { tenantId: ' ' }],
    ['an id with other characters', { tenantId: "x' OR 1=1" }],
  ])('refuses %s with a message', (_name, input) => {
    const result = parseSwitchTenantInput(input)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error).toMatch(/organisation/)
  })
})

describe('a malformed Origin at the custom server', () => {
  it.each([
    ['', true],
    [' ', true],
    ['garbage', true],
    ['null', false],
    ['http://localhost:3000', false],
    [undefined, false],
  ])('%j is malformed: %s', (origin, expected) => expect(isMalformedOrigin(origin)).toBe(expected))

  it('a POST with an empty Origin gets a plain 403 before Next parses it; reads and good origins pass through', async () => {
    // The fallback parses Origin as Next's action handler does: without the guard, `new URL('')` is a 500.
    const server = http.createServer((request, response) => {
      if (answeredMalformedOrigin(request, response)) return
      try {
        const origin = request.headers.origin
        if (request.method === 'POST' && typeof origin === 'string' && origin !== 'null') void new URL(origin).host
        response.end('next')
      } catch {
        response.writeHead(500).end('Internal Server Error')
      }
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const send = (method: string, origin?: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(`${base}/settings`, {
          method,
          headers: { ...(origin === undefined ? {} : { origin }), 'next-action': 'abc' },
        })
        request.on('response', (response) => {
          let body = ''
          response.on('data', (chunk: Buffer) => (body += chunk.toString()))
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
        })
        request.on('error', reject)
        request.end()
      })
    try {
      const refused = await send('POST', '')
      expect(refused.status).toBe(403)
      expect(refused.body).toMatch(/own pages/)
      expect((await send('POST', 'garbage')).status).toBe(403)
      expect((await send('POST', base)).status).toBe(200)
      expect((await send('POST')).status).toBe(200)
      expect((await send('GET', '')).status).toBe(200)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('the custom server calls the guard before handing a request to Next', () => {
    const serve = fs.readFileSync(path.resolve(__dirname, '../../../scripts/serve.ts'), 'utf8')
    expect(serve).toMatch(/if \(answeredMalformedOrigin\(request, response\)\) return/)
    expect(serve.indexOf('answeredMalformedOrigin(request')).toBeLessThan(serve.indexOf('handle(request, response)'))
  })
})
