// Issue 11 in Chromium: deep links survive sign-in (same-site only), an undecodable path is a 404, the
// favicon exists, a refused form keeps every field, the account menu closes on Escape, a template switch
// asks before replacing a typed prompt, a shared lesson with a phone number asks for confirmation, and
// at 390 px /settings/quotas fits the screen while the navigation shows that it scrolls.
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, newContext, screenshot } from './helpers/browser'
import { demoUser } from './helpers/config'
import { signedInContext } from './helpers/personas'
import { SignInPage } from './pages'

let browser: Browser
let admin: BrowserContext

beforeAll(async () => {
  browser = await launchBrowser()
  admin = await signedInContext(browser, demoUser('admin@demo.test'))
})

afterAll(async () => {
  await admin?.close()
  await browser?.close()
})

describe('signing in from a deep link', () => {
  it('a signed-out visit keeps the path as callbackUrl and lands there after sign-in', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto('/settings/quotas?tab=members')
    await page.waitForURL((url) => url.pathname === '/signin')
    expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe('/settings/quotas?tab=members')
    const user = demoUser('admin@demo.test')
    await new SignInPage(page).submit(user.email, user.password)
    await page.waitForURL((url) => url.pathname === '/settings/quotas')
    expect(new URL(page.url()).search).toBe('?tab=members')
    await context.close()
  })

  it('a callbackUrl to another site is ignored (no open redirect)', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto(`/signin?callbackUrl=${encodeURIComponent('//evil.example/steal')}`)
    const user = demoUser('admin@demo.test')
    await new SignInPage(page).submit(user.email, user.password)
    await page.waitForURL((url) => url.pathname === '/')
    expect(new URL(page.url()).host).not.toContain('evil.example')
    await context.close()
  })
})

describe('requests a browser makes on its own', () => {
  it('invalid UTF-8 in a path answers 404, not 500; /favicon.ico exists', async () => {
    const page = await admin.newPage()
    for (const path of ['/runs/%ED%A0%80', '/lessons/%', '/%C0%AF'])
      expect([path, (await page.request.get(path)).status()]).toEqual([path, 404])
    const icon = await page.request.get('/favicon.ico')
    expect(icon.status()).toBe(200)
    expect(icon.headers()['content-type']).toMatch(/icon/)
    await page.close()
  })
})

describe('forms and menus', () => {
  it('the New shared lesson form keeps tags, task key and expiry after a validation error', async () => {
    const page = await admin.newPage()
    await page.goto('/admin/lessons')
    const create = page.getByTestId('create-shared-lesson')
    await create.getByLabel('Lesson').fill('ab')
    await create.getByLabel('Tags').fill('Travel Planning, walking')
    await create.getByLabel('Task key').fill('travel.walking-tour')
    await create.getByLabel('Expires on').fill('2099-12-31')
    await create.getByRole('button', { name: 'Create shared lesson' }).click()
    await create.locator('[data-field-error]').first().waitFor()
    await page.waitForTimeout(300) // past React's form reset
    expect(await create.getByLabel('Lesson').inputValue()).toBe('ab')
    expect(await create.getByLabel('Tags').inputValue()).toBe('Travel Planning, walking')
    expect(await create.getByLabel('Task key').inputValue()).toBe('travel.walking-tour')
    expect(await create.getByLabel('Expires on').inputValue()).toBe('2099-12-31')
    await page.close()
  })

  it('a shared lesson with a phone number shows the personal-data warning and needs the confirmation', async () => {
    const page = await admin.newPage()
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/admin/lessons')
    const create = page.getByTestId('create-shared-lesson')
    await create.getByLabel('Lesson').fill('For late trains call the station desk on +44 20 7946 0958.')
    await create.getByTestId('personal-data-warning').waitFor()
    await screenshot(page, 'correctness-shared-lesson-personal-data-390')
    await create.getByRole('button', { name: 'Create shared lesson' }).click()
    await expect.poll(() => create.getByTestId('form-error').count()).toBe(1)
    expect(await create.getByLabel('Lesson').inputValue()).toMatch(/\+44 20 7946 0958/)
    await page.close()
  })

  it('Escape closes the account menu and gives focus back to its button', async () => {
    const page = await admin.newPage()
    await page.goto('/')
    await page.getByTestId('user-menu').click()
    const menu = page.locator('details:has([data-testid="user-menu"])')
    expect(await menu.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true)
    await page.keyboard.press('Escape')
    expect(await menu.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('user-menu')
    await page.close()
  })

  it('switching template asks before replacing a typed prompt; cancelling keeps it', async () => {
    const page = await admin.newPage()
    await page.goto('/tasks/new')
    await page.getByLabel('Prompt').fill('My own carefully typed task.')
    let asked = ''
    page.once('dialog', (dialog) => {
      asked = dialog.message()
      void dialog.dismiss()
    })
    await page.locator('[data-template]:not([data-template="blank"])').first().click()
    await expect.poll(() => asked).toMatch(/will be replaced/)
    expect(new URL(page.url()).search).toBe('')
    expect(await page.getByLabel('Prompt').inputValue()).toBe('My own carefully typed task.')
    await page.close()
  })
})

describe('390 px', () => {
  it('/settings/quotas does not scroll sideways and shows the own-quota field in full', async () => {
    const page = await admin.newPage()
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/settings/quotas')
    await page.getByTestId('quota-row').first().waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    const field = page.getByTestId('member-quota-form').first().locator('input[type="number"]')
    const box = await field.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true)
    await screenshot(page, 'correctness-quotas-390')
    await page.close()
  })

  it('the admin navigation says it scrolls, and the More button reveals the rest', async () => {
    const page = await admin.newPage()
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/admin/lessons')
    const more = page.getByTestId('nav-more')
    await more.waitFor()
    await screenshot(page, 'correctness-nav-390')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const before = await nav.evaluate((element) => element.scrollLeft)
    await more.click()
    await expect.poll(() => nav.evaluate((element) => element.scrollLeft)).toBeGreaterThan(before)
    await page.close()
  })

  it('/lessons shows the lessons kept in memory (monotonic mode)', async () => {
    const page = await admin.newPage()
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/lessons')
    await page.getByRole('heading', { name: /Kept in memory/ }).waitFor()
    await screenshot(page, 'correctness-lessons-390')
    await page.close()
  })
})
