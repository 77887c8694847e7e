// Every state-changing route handler under app/api, found on disk (so a new route is covered the day
// it is added), refuses a signed-in browser request from a foreign origin, and a same-origin body that
// is not declared JSON: a cross-site form or a `text/plain` fetch (no CORS preflight) changes nothing.
import fs from 'node:fs'
import path from 'node:path'
import { encode } from 'next-auth/jwt'
import { beforeAll, describe, expect, it } from 'vitest'
import { authSecret } from '../../../lib/services/auth/secret'
import { createTenantWithUsers, type TestTenant } from '../helpers'
import { tableDigest } from '../../support/table-digest'
import { persistRun, plantedFailedLog } from '../support/support-fixtures'

const API_DIR = path.resolve(__dirname, '../../../app/api')
const STATE_CHANGING = ['POST', 'PUT', 'PATCH', 'DELETE'] as const
/** Route files whose state-changing handlers are guarded otherwise, and why. */
const EXEMPT: Record<string, string> = {
  'auth/[...nextauth]/route.ts': 'Auth.js checks its own double-submit CSRF token on every POST',
}

type Handler = (request: Request, context: { params: Promise<Record<string, unknown>> }) => Promise<Response>

function routeFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name)
    if (entry.isDirectory()) return routeFiles(full)
    return /^route\.(ts|tsx|js)$/.test(entry.name) ? [full] : []
  })
}

let tenant: TestTenant
let runId: string
let cookie: string

beforeAll(async () => {
  tenant = await createTenantWithUsers()
  runId = await persistRun(tenant.admin, plantedFailedLog().events)
  const token = await encode({ token: { sub: tenant.admin.id }, secret: authSecret() })
  cookie = `next-auth.session-token=${token}`
})

/** The path parameters of a route file, each filled with a real run id (a catch-all with one segment). */
function paramsOf(file: string): Record<string, unknown> {
  const params: Record<string, unknown> = {}
  for (const [, catchAll, name] of path.relative(API_DIR, file).matchAll(/\[(\.\.\.)?(\w+)\]/g))
    params[name] = catchAll ? [runId] : runId
  return params
}

/** A signed-in request to a route file's handler, with a JSON text sent as `text/plain` and the given headers. */
async function call(file: string, method: string, handler: Handler, headers: Record<string, string>) {
  const urlPath = `/api/${path.dirname(path.relative(API_DIR, file))}`.replace(/\[(?:\.\.\.)?\w+\]/g, runId)
  const request = new Request(`http://localhost:3000${urlPath}`, {
    method,
    headers: { cookie, 'content-type': 'text/plain', ...headers },
    body: JSON.stringify({ question: 'Why did it fail?', prompt: 'Write a date.', content: 'A lesson.' }),
  })
  return handler(request, { params: Promise.resolve(paramsOf(file)) })
}

describe('state-changing route handlers and the Origin of cookie requests', () => {
  const files = routeFiles(API_DIR)

  it('finds the route files, and every exempt one still exists', () => {
    expect(files.length).toBeGreaterThan(10)
    for (const exempt of Object.keys(EXEMPT)) expect(fs.existsSync(path.join(API_DIR, exempt)), exempt).toBe(true)
  })

  it('each refuses a foreign, empty or missing Origin and a non-JSON body, and writes nothing', async () => {
    const problems: string[] = []
    let checked = 0
    for (const file of files) {
      const relative = path.relative(API_DIR, file)
      if (EXEMPT[relative]) continue
      const module = (await import(file)) as Partial<Record<(typeof STATE_CHANGING)[number], Handler>>
      for (const method of STATE_CHANGING) {
        const handler = module[method]
        if (!handler) continue
        checked++
        const before = JSON.stringify(await tableDigest([tenant.id]))
        const statuses: Record<string, number> = {}
        const variants: Record<string, Record<string, string>> = {
          foreign: { origin: 'http://evil.example' },
          'foreign referer, no origin': { referer: 'http://evil.example/page' },
          empty: { origin: '' },
          opaque: { origin: 'null' },
          none: {},
        }
        for (const [label, headers] of Object.entries(variants))
          statuses[label] = (await call(file, method, handler, headers)).status
        statuses['same origin, text/plain'] = (
          await call(file, method, handler, { origin: 'http://localhost:3000' })
        ).status
        const keyOnly = Object.values(statuses).every((status) => status === 401)
        for (const [label, status] of Object.entries(statuses)) {
          const expected = keyOnly ? 401 : label.startsWith('same origin') ? 415 : 403
          if (status !== expected)
            problems.push(`${method} /api/${relative} (${label}): ${status}, expected ${expected}`)
        }
        if (JSON.stringify(await tableDigest([tenant.id])) !== before)
          problems.push(`${method} /api/${relative}: wrote`)
      }
    }
    expect(problems).toEqual([])
    expect(checked).toBeGreaterThanOrEqual(8)
  })
})
