// Single sign-on in a real browser against a real OpenID Connect provider (oidc-provider) started
// here: a verified user of a tenant's listed domain signs in and lands in that tenant with its
// default role; a user of an unlisted domain signs in with no membership.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getPrisma } from '../../lib/adapters/db/client'
import { startAppServer, type AppServer } from '../support/app-server'
import { freePort } from '../support/local-services'
import { launchBrowser, screenshot } from './helpers/browser'

const DOMAIN = 'corp-sso.example'
let server: AppServer
let issuerServer: http.Server
let browser: Browser
let tenantId = ''

beforeAll(async () => {
  const issuerPort = await freePort()
  const issuer = `http://127.0.0.1:${issuerPort}`
  const appPort = await freePort()
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'reflexion-studio',
        client_secret: 'test-client-secret-0123456789',
        redirect_uris: [`http://127.0.0.1:${appPort}/api/auth/callback/oidc`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    // The dev login form's "login" is the e-mail; everyone is verified except logins starting with "unverified".
    findAccount: (_context, id) => ({
      accountId: id,
      claims: () => ({ sub: id, email: id, email_verified: !id.startsWith('unverified'), name: id.split('@')[0] }),
    }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['test-cookie-key-0123456789'] },
  })
  issuerServer = http.createServer(provider.callback())
  await new Promise<void>((resolve) => issuerServer.listen(issuerPort, '127.0.0.1', resolve))
  expect((issuerServer.address() as AddressInfo).port).toBe(issuerPort)

  server = await startAppServer({
    port: appPort,
    env: () => ({
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'reflexion-studio',
      OIDC_CLIENT_SECRET: 'test-client-secret-0123456789',
      OIDC_DISPLAY_NAME: 'Test IdP',
    }),
  })
  const prisma = await getPrisma()
  const tenant = await prisma.tenant.create({
    data: {
      name: 'SSO Corp',
      slug: `sso-corp-${appPort}`,
      settings: { sso: { domains: [DOMAIN], defaultRole: 'member', passwordSignIn: false } },
    },
  })
  tenantId = tenant.id
  browser = await launchBrowser()
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await new Promise((resolve) => issuerServer?.close(resolve))
})

async function signInWithSso(login: string) {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await page.goto('/signin')
  await screenshot(page, 'sso-signin-390')
  await page.getByRole('button', { name: 'Sign in with Test IdP' }).click()
  await page.locator('input[name="login"]').fill(login)
  await page.locator('input[name="password"]').fill('any password')
  await page.getByRole('button', { name: 'Sign-in' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.waitForURL((url) => url.origin === server.baseUrl && !url.pathname.startsWith('/api/auth'))
  return { context, page }
}

describe('OIDC sign-in', () => {
  it('signs a verified user of a listed domain into their tenant with its default role', async () => {
    const { context, page } = await signInWithSso(`grace@${DOMAIN}`)
    await page.goto('/')
    await expect.poll(() => page.locator('main').innerText()).toContain('SSO Corp · signed in as member')
    await screenshot(page, 'sso-signed-in-390')
    const prisma = await getPrisma()
    const user = await prisma.user.findUniqueOrThrow({ where: { email: `grace@${DOMAIN}` } })
    const memberships = await prisma.membership.findMany({ where: { userId: user.id } })
    expect(memberships.map((row) => [row.tenantId, row.role])).toEqual([[tenantId, 'member']])
    await context.close()
  })

  it('gives a user of an unlisted domain no membership', async () => {
    const { context, page } = await signInWithSso('eve@elsewhere.example')
    await page.goto('/')
    await expect.poll(() => page.locator('main').innerText()).toContain('No organisation yet')
    const prisma = await getPrisma()
    const user = await prisma.user.findUniqueOrThrow({ where: { email: 'eve@elsewhere.example' } })
    expect(await prisma.membership.count({ where: { userId: user.id } })).toBe(0)
    await context.close()
  })

  it('refuses an identity whose e-mail the provider has not verified', async () => {
    const context = await browser.newContext({ baseURL: server.baseUrl })
    const page = await context.newPage()
    await page.goto('/signin')
    await page.getByRole('button', { name: 'Sign in with Test IdP' }).click()
    await page.locator('input[name="login"]').fill(`unverified@${DOMAIN}`)
    await page.locator('input[name="password"]').fill('x')
    await page.getByRole('button', { name: 'Sign-in' }).click()
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL(/\/signin/)
    await expect.poll(() => page.locator('main').innerText()).toContain('has not verified your e-mail')
    const prisma = await getPrisma()
    expect(await prisma.user.count({ where: { email: `unverified@${DOMAIN}` } })).toBe(0)
    await context.close()
  })
})
