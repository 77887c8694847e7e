// Security of the built app in production mode, over HTTP and in Chromium, on its own server and
// database (so the test knows the session secret and can age tokens and locks): security headers,
// cookie attributes (plain http and the https configuration), session expiry, brute-force limits
// per account, address and pair, single-use invitations, hostile URLs, and markup rendered inert.
import net from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { encode } from 'next-auth/jwt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getPrisma } from '../../lib/adapters/db/client'
import { persistMarkedRun, createIsolationTenant, marker, type IsolationTenant } from '../support/isolation-fixtures'
import { CookieJar, sessionCookieName, signInOverHttp, startAppServer, type AppServer } from '../support/app-server'
import { SCRIPT_PAYLOAD } from '../support/hostile-values'
import { addUser, TEST_PASSWORD } from '../integration/helpers/tenants'
import { createSharedLesson } from '../../lib/services/lessons/shared-lessons'
import { launchBrowser } from './helpers/browser'

let server: AppServer
let tenant: IsolationTenant

beforeAll(async () => {
  server = await startAppServer()
  tenant = await createIsolationTenant('S')
}, 300_000)

afterAll(async () => {
  await server?.stop()
})

const get = (path: string, jar?: CookieJar, init: RequestInit = {}) =>
  fetch(`${server.baseUrl}${path}`, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers ?? {}), ...(jar ? { cookie: jar.header() } : {}) },
  })

describe('security headers', () => {
  it('pages, route handlers and 404s carry the CSP (no unsafe-eval in production), frame-ancestors none, nosniff and a referrer policy', async () => {
    const { jar } = await signInOverHttp(server.baseUrl, tenant.users.memberOne.email, TEST_PASSWORD)
    const paths = [
      '/',
      '/signin',
      '/runs',
      `/runs/${tenant.resources.memberOne.runId}`,
      '/no-such-page',
      '/api/health',
      '/api/auth/session',
      `/api/runs/${tenant.resources.memberOne.runId}/export`,
      '/api/runs/nope/export',
    ]
    for (const path of paths) {
      const response = await get(path, jar)
      const csp = response.headers.get('content-security-policy') ?? ''
      expect(csp, path).toContain("frame-ancestors 'none'")
      expect(csp, path).toContain("default-src 'self'")
      expect(csp, path).toContain("object-src 'none'")
      expect(csp, path).not.toContain('unsafe-eval')
      // Scripts need this response's nonce: no 'unsafe-inline' for them (an injected script never runs).
      expect(/script-src [^;]*'unsafe-inline'/.test(csp), path).toBe(false)
      expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/)
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin')
      expect(response.headers.get('x-frame-options'), path).toBe('DENY')
      expect(response.headers.get('x-powered-by'), path).toBeNull()
      await response.body?.cancel()
    }
  })

  it('each page response has its own nonce, and every script Next renders carries it', async () => {
    const nonces = new Set<string>()
    for (let round = 0; round < 3; round++) {
      const response = await get('/signin')
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]
      expect(nonce).toBeDefined()
      nonces.add(nonce!)
      const scripts = [...(await response.text()).matchAll(/<script\b[^>]*>/g)].map((match) => match[0])
      expect(scripts.length).toBeGreaterThan(0)
      for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`)
    }
    expect(nonces.size).toBe(3)
  })
})

describe('cookies', () => {
  it('over http: the session cookie is httpOnly, SameSite=Lax, path /, 8 hours, not Secure (the site is not https)', async () => {
    const { response } = await signInOverHttp(server.baseUrl, tenant.users.memberTwo.email, TEST_PASSWORD)
    const session = response.headers.getSetCookie().find((line) => line.startsWith('next-auth.session-token='))
    expect(session).toBeDefined()
    expect(session).toMatch(/;\s*HttpOnly/i)
    expect(session).toMatch(/;\s*SameSite=Lax/i)
    expect(session).toMatch(/;\s*Path=\//i)
    expect(session).not.toMatch(/;\s*Secure/i)
    const expires = Date.parse(/Expires=([^;]+)/i.exec(session!)?.[1] ?? '')
    expect((expires - Date.now()) / 3_600_000).toBeGreaterThan(7.9)
    expect((expires - Date.now()) / 3_600_000).toBeLessThanOrEqual(8)
    for (const line of response.headers.getSetCookie()) expect(line, line.split('=')[0]).toMatch(/;\s*HttpOnly/i)
  })

  it('when NEXTAUTH_URL is https: the session and CSRF cookies are Secure, __Secure-/__Host- prefixed, httpOnly and SameSite=Lax', async () => {
    const httpsServer = await startAppServer({ publicUrl: (port) => `https://localhost:${port}` })
    try {
      const user = await addUser((await createIsolationTenant('H')).id, 'member', 'https-member')
      const { response, jar } = await signInOverHttp(httpsServer.baseUrl, user.email, TEST_PASSWORD)
      const lines = response.headers.getSetCookie()
      const session = lines.find((line) => line.startsWith('__Secure-next-auth.session-token='))
      expect(session, lines.join('\n')).toBeDefined()
      expect(session).toMatch(/;\s*Secure/i)
      expect(session).toMatch(/;\s*HttpOnly/i)
      expect(session).toMatch(/;\s*SameSite=Lax/i)
      expect(sessionCookieName(jar)).toBe('__Secure-next-auth.session-token')
      for (const line of lines) expect(line, line.split('=')[0]).toMatch(/;\s*Secure/i)
    } finally {
      await httpsServer.stop()
      // startAppServer installed the https server's database as this process's one; put ours back.
      const { setDatabase } = await import('../../lib/adapters/db/client')
      setDatabase(server.database)
    }
  })
})

describe('sessions', () => {
  const tokenCookie = async (sub: string, maxAge: number, secret = server.secret) => {
    const jar = new CookieJar()
    jar.cookies.set(
      'next-auth.session-token',
      await encode({ token: { sub, name: 'x', email: 'x@test.local' }, secret, maxAge }),
    )
    return jar
  }

  it('a valid token works; one past its expiry, or signed with another secret, is refused everywhere', async () => {
    const { memberOne } = tenant.users
    const runPath = `/runs/${tenant.resources.memberOne.runId}`
    const exportPath = `/api/runs/${tenant.resources.memberOne.runId}/export`
    const fresh = await tokenCookie(memberOne.id, 60)
    expect((await get(runPath, fresh)).status).toBe(200)
    expect((await get(exportPath, fresh)).status).toBe(200)
    const aged = await tokenCookie(memberOne.id, -(8 * 3600 + 60)) // issued now, expired 8 hours ago: older than maxAge
    const forged = await tokenCookie(memberOne.id, 3600, 'not-the-server-secret-0123456789abcdef')
    for (const jar of [aged, forged]) {
      const page = await get(runPath, jar)
      expect(page.status).toBe(307)
      expect(page.headers.get('location')).toMatch(/\/signin/)
      // Signed out for the route handlers (route(): 401 with no body of the run), as for the pages.
      expect((await get(exportPath, jar)).status).toBe(401)
      expect(await (await get('/api/auth/session', jar)).json()).toEqual({})
      const chat = await get(`/api/support/runs/${tenant.resources.memberOne.runId}/chat`, jar, {
        method: 'POST',
        body: '{"question":"why"}',
        headers: { 'content-type': 'application/json' },
      })
      expect(chat.status).toBe(401)
    }
  })

  it('a cookie captured before sign-out no longer works: sign-out ends the session on the server', async () => {
    const leaving = await addUser(tenant.id, 'member', 'signs-out')
    const runId = await persistMarkedRun(leaving, marker('signs-out'))
    const { jar } = await signInOverHttp(server.baseUrl, leaving.email, TEST_PASSWORD)
    const captured = new CookieJar()
    for (const [name, value] of jar.cookies) captured.cookies.set(name, value)
    expect((await get(`/runs/${runId}`, jar)).status).toBe(200)

    const { csrfToken } = (await (await get('/api/auth/csrf', jar)).json()) as { csrfToken: string }
    const signOut = await get('/api/auth/signout', jar, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, json: 'true' }).toString(),
    })
    expect(signOut.status).toBeLessThan(400)
    const page = await get(`/runs/${runId}`, captured)
    expect(page.status).toBe(307)
    expect(page.headers.get('location')).toMatch(/\/signin/)
    expect((await get(`/api/runs/${runId}/export`, captured)).status).toBe(401)
    // Signing in again starts a new session.
    const again = await signInOverHttp(server.baseUrl, leaving.email, TEST_PASSWORD)
    expect((await get(`/runs/${runId}`, again.jar)).status).toBe(200)
  })

  it('a token of a user removed from the tenant no longer reaches its runs', async () => {
    const leaver = await addUser(tenant.id, 'member', 'leaver')
    const runId = await persistMarkedRun(leaver, marker('leaver'))
    const jar = await tokenCookie(leaver.id, 600)
    expect((await get(`/runs/${runId}`, jar)).status).toBe(200)
    await (await getPrisma()).membership.delete({ where: { id: leaver.membershipId } })
    expect((await get(`/runs/${runId}`, jar)).status).not.toBe(200)
    // No tenant left to act in: the export refuses as for anyone without access, and shows nothing of the run.
    const exported = await get(`/api/runs/${runId}/export`, jar)
    expect([401, 404]).toContain(exported.status)
    expect(await exported.text()).not.toContain(runId)
  })
})

describe('invitations over HTTP', () => {
  it('the link works once, and not after it expires', async () => {
    const prisma = await getPrisma()
    const { createInvitation } = await import('../../lib/services/tenants/invitations')
    const used = await createInvitation(tenant.users.admin.caller, { role: 'member' })
    const expired = await createInvitation(tenant.users.admin.caller, { role: 'member' })
    expect(await (await get(`/invite/${used.code}`)).text()).toMatch(/invited as/)
    await prisma.invitation.update({
      where: { id: used.invitationId },
      data: { acceptedAt: new Date(), acceptedById: tenant.users.memberOne.id },
    })
    expect(await (await get(`/invite/${used.code}`)).text()).toMatch(/already used/)
    await prisma.invitation.update({
      where: { id: expired.invitationId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    })
    expect(await (await get(`/invite/${expired.code}`)).text()).toMatch(/expired/)
  })
})

describe('hostile URLs', () => {
  it('NUL bytes, huge and odd ids and queries are 4xx pages or answers, never a 500', async () => {
    const { jar } = await signInOverHttp(server.baseUrl, tenant.users.admin.email, TEST_PASSWORD)
    const paths = [
      '/runs/%00',
      '/runs/%00/ask',
      '/support/runs/%00',
      '/lessons/%00',
      '/settings/members/%00',
      '/invite/%00',
      `/runs/${'x'.repeat(4000)}`,
      '/runs?q=%00',
      '/runs?status=%00&cursor=%00',
      '/support?q=%00&cursor=%00',
      '/lessons?q=%00',
      '/admin/lessons?q=%00',
      '/admin/audit?action=%00&actor=%00&from=%00',
      '/admin/effect?sort=%00',
      '/runs?cursor=not-a-run',
      '/support?cursor=not-a-run',
      '/admin/audit?page=99999999999999999999',
      '/tasks/new?template=%00',
      '/api/runs/%00/export',
      '/api/runs/%00/stream',
      '/api/support/runs/%00/events',
      `/api/support/runs/${tenant.resources.memberOne.runId}/events?page=99999999999999999999`,
      `/api/support/runs/${tenant.resources.memberOne.runId}/events?page=abc`,
      `/api/runs/${tenant.resources.memberOne.runId}/stream?after=99999999999999999999`,
    ]
    const problems: string[] = []
    for (const path of paths) {
      const response = await get(path, jar, { signal: AbortSignal.timeout(20_000) })
      const body = response.headers.get('content-type')?.includes('event-stream')
        ? (await response.body?.cancel(), '')
        : await response.text()
      if (response.status >= 500) problems.push(`${path}: ${response.status}`)
      if (/\bat [\w.<>]+ \(|node_modules\/|PrismaClient/.test(body))
        problems.push(`${path}: error internals in the body`)
      // A failure inside a streamed section keeps the 200 but renders the error boundary.
      if (/Something went wrong/.test(body)) problems.push(`${path}: the error boundary`)
    }
    expect(problems).toEqual([])
  })
})

describe('markup is inert everywhere', () => {
  let browser: Browser

  beforeAll(async () => {
    browser = await launchBrowser()
  })

  afterAll(async () => {
    await browser?.close()
  })

  async function injected(page: Page): Promise<number> {
    // The payload's own elements, had it been parsed as HTML (the RSC data of the page carries it as an inert JSON string).
    return page.evaluate(
      () =>
        document.querySelectorAll('img[src="x"], svg[onload]').length +
        [...document.scripts].filter((script) => script.text.trim() === 'alert(2)').length,
    )
  }

  it('in run titles, prompts, outputs and timelines, lessons, proposals, the review queue and the support chat: no dialog, no injected element', async () => {
    const { memberOne, admin, support } = tenant.users
    const prisma = await getPrisma()
    const runId = await persistMarkedRun(memberOne, `zqxss ${SCRIPT_PAYLOAD}`)
    await prisma.run.update({
      where: { id: runId },
      data: { title: `XSS ${SCRIPT_PAYLOAD}`, prompt: `Prompt ${SCRIPT_PAYLOAD}`, output: `Output ${SCRIPT_PAYLOAD}` },
    })
    const lesson = await prisma.lesson.update({
      where: { id: tenant.resources.memberOne.privateLessonId },
      data: { content: `Lesson ${SCRIPT_PAYLOAD}` },
    })
    await prisma.lessonProposal.update({
      where: { id: tenant.resources.memberOne.proposalId },
      data: { content: `Proposal ${SCRIPT_PAYLOAD}` },
    })
    const shared = await createSharedLesson(admin.caller, { content: `Shared advice about dates ${marker('xss')}` })
    await prisma.lesson.update({ where: { id: shared.id }, data: { content: `Shared ${SCRIPT_PAYLOAD}` } })

    const visits: { user: typeof memberOne; paths: string[] }[] = [
      {
        user: memberOne,
        paths: [
          '/runs',
          `/runs/${runId}`,
          '/lessons',
          `/lessons/${lesson.id}`,
          `/lessons/${shared.id}`,
          `/runs/${runId}/ask`,
        ],
      },
      { user: admin, paths: ['/admin/review', '/admin/lessons', '/admin/audit', '/admin/effect'] },
      { user: support, paths: ['/support', `/support/runs/${runId}`] },
    ]
    const problems: string[] = []
    for (const { user, paths } of visits) {
      const { jar } = await signInOverHttp(server.baseUrl, user.email, TEST_PASSWORD)
      const context = await browser.newContext({ baseURL: server.baseUrl })
      await context.addCookies(
        [...jar.cookies].map(([name, value]) => ({
          name,
          value,
          url: server.baseUrl,
          httpOnly: true,
          sameSite: 'Lax' as const,
        })),
      )
      const page = await context.newPage()
      const dialogs: string[] = []
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message())
        void dialog.dismiss()
      })
      for (const path of paths) {
        const response = await page.goto(path, { waitUntil: 'load' })
        await page.waitForTimeout(300)
        if (response?.status() !== 200) problems.push(`${path}: status ${response?.status()}`)
        if ((await injected(page)) > 0) problems.push(`${path}: injected elements`)
      }
      if (user === support) {
        await page.goto(`/support/runs/${runId}`)
        await page.getByLabel('Your question').fill(`Why? ${SCRIPT_PAYLOAD}`)
        await page.getByRole('button', { name: 'Ask' }).click()
        await page
          .getByText(`Why? ${SCRIPT_PAYLOAD}`)
          .first()
          .waitFor({ timeout: 15_000 })
          .catch(() => problems.push('the chat does not show the question as text'))
        await page.waitForTimeout(1000)
        if ((await injected(page)) > 0) problems.push('support chat: injected elements')
      }
      if (dialogs.length) problems.push(`${user.email}: dialogs fired: ${dialogs.join(', ')}`)
      await context.close()
    }
    expect(problems).toEqual([])
    // The payload is on the pages as text (so the check above looked at it).
    const { jar } = await signInOverHttp(server.baseUrl, memberOne.email, TEST_PASSWORD)
    expect(await (await get(`/runs/${runId}`, jar)).text()).toContain('&lt;img src=x onerror=')
  })
})

describe('slow clients', () => {
  it('a client that never finishes its headers is answered 408 and disconnected, not held open', async () => {
    const { port } = new URL(server.baseUrl)
    const socket = net.connect(Number(port), '127.0.0.1')
    let received = ''
    socket.on('data', (chunk) => (received += chunk.toString()))
    socket.write('GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ')
    // The server's headers timeout is 10 s (Node's default was 60 s, checked only every 30 s).
    const closed = await new Promise<boolean>((resolve) => {
      const giveUp = setTimeout(() => resolve(false), 40_000)
      socket.on('close', () => (clearTimeout(giveUp), resolve(true)))
    })
    socket.destroy()
    expect(closed).toBe(true)
    expect(received).toMatch(/^HTTP\/1\.1 408/)
  })
})

describe('brute force', () => {
  it('5 failures from one address stop that address for the account (even the right password); the window expires', async () => {
    const victim = await addUser(tenant.id, 'member', 'victim')
    const messages: string[] = []
    for (let attempt = 0; attempt < 5; attempt++) {
      const { response } = await signInOverHttp(server.baseUrl, victim.email, `wrong-password-${attempt}`)
      messages.push(decodeURIComponent(JSON.stringify(await response.json())))
    }
    expect(messages.slice(0, 4).every((message) => /Wrong email or password/.test(message))).toBe(true)
    expect(messages[4]).toMatch(/Too many failed sign-ins for this account from your network/)
    const refused = await signInOverHttp(server.baseUrl, victim.email, TEST_PASSWORD)
    expect(sessionCookieName(refused.jar)).toBeUndefined()
    expect(decodeURIComponent(JSON.stringify(await refused.response.json()))).toMatch(/Too many failed sign-ins/)
    // Sixteen minutes later (the window is 15): move the recorded failures into the past.
    const prisma = await getPrisma()
    const past = new Date(Date.now() - 16 * 60_000)
    await prisma.signInAttempt.updateMany({ where: { key: { contains: victim.email } }, data: { at: past } })
    const later = await signInOverHttp(server.baseUrl, victim.email, TEST_PASSWORD)
    expect(sessionCookieName(later.jar)).toBe('next-auth.session-token')
  })

  it('one address is limited across accounts (20 failures), and a forged X-Forwarded-For does not dodge it', async () => {
    const prisma = await getPrisma()
    await prisma.signInAttempt.deleteMany({ where: { key: { startsWith: 'ip:' } } })
    for (let attempt = 0; attempt < 20; attempt++) {
      const headers = {
        'x-forwarded-for': `203.0.113.${attempt}`,
        'x-reflexion-client-address': `198.51.100.${attempt}`,
      }
      const csrf = await fetch(`${server.baseUrl}/api/auth/csrf`, { headers })
      const jar = new CookieJar()
      jar.take(csrf)
      const { csrfToken } = (await csrf.json()) as { csrfToken: string }
      await fetch(`${server.baseUrl}/api/auth/callback/credentials`, {
        method: 'POST',
        redirect: 'manual',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
        body: new URLSearchParams({
          csrfToken,
          email: `probe-${attempt}-${marker('p')}@test.local`,
          password: 'wrong-password',
          json: 'true',
        }),
      })
    }
    const refused = await signInOverHttp(server.baseUrl, tenant.users.support.email, TEST_PASSWORD)
    expect(sessionCookieName(refused.jar)).toBeUndefined()
    expect(decodeURIComponent(JSON.stringify(await refused.response.json()))).toMatch(
      /Too many failed sign-ins from your network/,
    )
    await prisma.signInAttempt.deleteMany({ where: { key: { startsWith: 'ip:' } } })
  })
})
