// The public API against the built app over HTTP: the demo key printed at the first start submits a
// task with `{"prompt"}` alone and the README's curl path follows it (stream to `end`, then the run's
// final status); the keys page creates a key shown once that then works as Bearer and is revoked at
// once; the API reference page works without any script from elsewhere. Screenshots at 390 px and desktop.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, screenshot } from './helpers/browser'
import { demoUser, e2eConfig } from './helpers/config'
import { signedInContext } from './helpers/personas'

let browser: Browser
let ada: BrowserContext

beforeAll(async () => {
  browser = await launchBrowser()
  ada = await signedInContext(browser, demoUser('ada@demo.test'))
})

afterAll(async () => {
  await ada?.close()
  await browser?.close()
})

async function both(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 800 })
  await screenshot(page, name)
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, `${name}-390`)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(0)
  await page.setViewportSize({ width: 1280, height: 800 })
}

const api = (path: string, key: string, init: RequestInit = {}) =>
  fetch(`${e2eConfig().baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
    signal: AbortSignal.timeout(90_000),
  })

describe('public API', () => {
  it('the demo key printed at first start submits {prompt} and follows the run to its end, as in the README', async () => {
    const key = e2eConfig().demoApiKey
    expect(key, 'the first start prints a demo API key').toMatch(/^rsk_/)
    const submitted = await api('/api/v1/runs', key!, {
      method: 'POST',
      headers: { 'idempotency-key': `e2e-${Date.now()}` },
      body: JSON.stringify({ prompt: 'Write 5 March 2024 as an ISO date.' }),
    })
    expect([201, 202]).toContain(submitted.status)
    const { id, status } = (await submitted.json()) as { id: string; status: string }
    expect(status).toBe('queued')
    const stream = await (await api(`/api/v1/runs/${id}/stream`, key!)).text()
    expect(stream).toContain('event: end')
    const run = (await (await api(`/api/v1/runs/${id}`, key!)).json()) as { status: string }
    expect(['succeeded', 'failed', 'interrupted']).toContain(run.status)
    const events = (await (await api(`/api/v1/runs/${id}/events?limit=500`, key!)).json()) as {
      data: { index: number; type: string }[]
    }
    expect(events.data[0]).toMatchObject({ index: 0, type: 'run.submitted' })
    expect(events.data.at(-1)?.type).toBe('run.finished')
    const problem = await api('/api/v1/runs', key!, { method: 'POST', body: '{}' })
    expect(problem.status).toBe(400)
    expect(problem.headers.get('content-type')).toMatch(/^application\/problem\+json/)
  })

  it('keys page: a new key is shown once, works as Bearer, and is refused as soon as it is revoked', async () => {
    const page = await ada.newPage()
    await page.goto('/settings/api-keys')
    const form = page.getByTestId('api-key-form')
    await form.getByRole('button', { name: 'Create key' }).click()
    await expect.poll(() => form.getByText('choose at least one scope').count(), { timeout: 20_000 }).toBe(1)
    await form.getByLabel('Name').fill('E2E pipeline')
    await form.getByRole('checkbox', { name: /runs:read/ }).check()
    await form.getByRole('button', { name: 'Create key' }).click()
    const secretField = page.getByLabel('New API key')
    await expect.poll(() => secretField.count(), { timeout: 20_000 }).toBe(1)
    const secret = await secretField.inputValue()
    expect(secret).toMatch(/^rsk_/)
    expect((await api('/api/v1/runs', secret)).status).toBe(200)
    await page.reload()
    expect(await page.content()).not.toContain(secret)
    const row = page.getByTestId('api-key-row').filter({ hasText: 'E2E pipeline' })
    expect(await row.innerText()).toContain(secret.slice(0, 12))
    await both(page, 'api-keys')
    await row.getByRole('button', { name: 'Revoke' }).click()
    await expect.poll(() => row.getByText(/Revoked/).count(), { timeout: 20_000 }).toBe(1)
    expect((await api('/api/v1/runs', secret)).status).toBe(401)
    await page.close()
  })

  it('API reference: every endpoint listed, served without any request to another origin', async () => {
    const page = await ada.newPage()
    const foreign: string[] = []
    page.on('request', (request) => {
      if (!request.url().startsWith(e2eConfig().baseUrl) && !request.url().startsWith('data:'))
        foreign.push(request.url())
    })
    await page.goto('/api-docs')
    await expect.poll(() => page.getByRole('heading', { name: 'API reference' }).count(), { timeout: 20_000 }).toBe(1)
    const text = await page.innerText('main')
    for (const path of [
      '/api/v1/runs',
      '/api/v1/runs/{id}/events',
      '/api/v1/runs/{id}/ask',
      '/api/v1/lessons',
      '/api/v1/mcp',
    ])
      expect(text).toContain(path)
    await both(page, 'api-reference')
    expect(foreign).toEqual([])
    await page.close()
  })
})
