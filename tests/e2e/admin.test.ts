// The admin area in Chromium: the shared-lesson library (create, edit, retire, restore), a provider
// key saved and shown masked, quotas, the effect page, the audit log listing those actions; members
// and support get the 404 page on every admin URL. Screenshots of each page, desktop and 375 px.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, screenshot } from './helpers/browser'
import { demoUser } from './helpers/config'
import { visit } from './helpers/outcome'
import { signedInContext } from './helpers/personas'

const ADMIN_PATHS = [
  '/admin/lessons',
  '/admin/review',
  '/admin/effect',
  '/admin/audit',
  '/settings',
  '/settings/quotas',
]

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

async function both(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 800 })
  await screenshot(page, name)
  await page.setViewportSize({ width: 375, height: 812 })
  await screenshot(page, `${name}-mobile`)
  await page.setViewportSize({ width: 1280, height: 800 })
}

describe('admin area', () => {
  it('shared-lesson library: create with tags, task key and expiry; edit; retire; restore', async () => {
    const page = await admin.newPage()
    await page.goto('/admin/lessons')
    const create = page.getByTestId('create-shared-lesson')
    await create.getByRole('button', { name: 'Create shared lesson' }).click()
    await expect
      .poll(() => create.locator('[data-field-error]').allInnerTexts())
      .toEqual(['Write at least 3 characters.'])
    await create.getByLabel('Lesson').fill('Before planning a walking tour, ask how many hours the traveller has.')
    await create.getByLabel('Tags').fill('travel, planning')
    await create.getByLabel('Task key').fill('travel.walking-tour')
    await create.getByLabel('Expires on').fill('2099-12-31')
    await create.getByRole('button', { name: 'Create shared lesson' }).click()
    const item = page.getByTestId('library-lesson').filter({ hasText: 'ask how many hours' })
    await expect.poll(() => item.count()).toBe(1)
    expect(await item.innerText()).toMatch(
      /task: travel\.walking-tour[\s\S]*#travel[\s\S]*#planning[\s\S]*expires Dec 31, 2099/,
    )
    await both(page, 'admin-lessons')

    await item.locator('summary', { hasText: 'Edit' }).click()
    const edit = item.getByTestId('edit-shared-lesson')
    await edit
      .getByLabel('Lesson')
      .fill('Before planning a walking tour, ask how many hours the traveller has and their pace.')
    await edit.getByRole('button', { name: 'Save changes' }).click()
    const edited = page.getByTestId('library-lesson').filter({ hasText: 'and their pace' })
    await expect.poll(() => edited.count()).toBe(1)

    await edited.getByRole('button', { name: 'Retire' }).click()
    const retired = page.getByTestId('retired-lesson').filter({ hasText: 'and their pace' })
    await expect.poll(() => retired.count()).toBe(1)
    expect(await page.getByTestId('library-lesson').filter({ hasText: 'and their pace' }).count()).toBe(0)
    await retired.getByRole('button', { name: 'Restore' }).click()
    await expect.poll(() => page.getByTestId('library-lesson').filter({ hasText: 'and their pace' }).count()).toBe(1)
    await edited.getByRole('button', { name: 'Retire' }).click()
    await expect.poll(() => retired.count()).toBe(1)
    await page.close()
  })

  it('settings: a provider key is saved and afterwards shown only as its last four; the default model is checked', async () => {
    const page = await admin.newPage()
    await page.goto('/settings')
    const openai = page.getByTestId('provider-openai')
    await openai.getByLabel('OpenAI API key').fill('sk-e2e-test-key-0000000000WXYZ')
    await openai.getByRole('button', { name: 'Save key' }).click()
    await expect.poll(() => openai.getByTestId('masked-key').innerText()).toBe('•••• WXYZ')
    expect(await page.content()).not.toContain('sk-e2e-test-key')
    expect(await openai.getByLabel(/key/i).first().inputValue()).toBe('')
    const compatible = page.getByTestId('provider-compatible')
    await compatible.getByLabel('OpenAI-compatible API key').fill('local-key-123456')
    await compatible.getByRole('button', { name: 'Save key' }).click()
    await expect.poll(() => compatible.locator('[data-field-error]').innerText()).toMatch(/base URL/)

    const settings = page.getByTestId('model-settings-form')
    await settings.getByLabel('Default model').fill('gpt-4')
    await settings.getByRole('button', { name: 'Save settings' }).click()
    await expect.poll(() => settings.locator('[data-field-error]').innerText()).toMatch(/openai:<model>/)
    await settings.getByLabel('Default model').fill('')
    await settings.getByRole('button', { name: 'Save settings' }).click()
    await settings.getByText('Settings saved.').waitFor()
    await both(page, 'admin-settings')

    await page.goto('/settings/quotas')
    await page.getByLabel('Default daily run quota').fill('50')
    await page.getByTestId('tenant-quota-form').getByRole('button', { name: /Save/ }).click()
    await page.getByTestId('tenant-quota-form').getByText('Saved.').waitFor()
    await page.reload()
    expect(await page.getByLabel('Default daily run quota').inputValue()).toBe('50')
    await both(page, 'admin-quotas')
    await page.close()
  })

  it('effect page and audit log: the audit lists the curation and settings actions, filterable', async () => {
    const page = await admin.newPage()
    await page.goto('/admin/effect')
    await page.getByTestId('comparable-definition').waitFor()
    expect(await page.getByTestId('effect-row').count()).toBeGreaterThan(0)
    await page.getByRole('link', { name: /Pass-rate difference/ }).click()
    await page.waitForURL((url) => url.searchParams.get('sort') === 'gap')
    await both(page, 'admin-effect')

    await page.goto('/admin/audit')
    const actions = await page
      .getByTestId('audit-row')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-action')))
    for (const action of [
      'lesson.shared_created',
      'lesson.shared_updated',
      'lesson.shared_retired',
      'lesson.shared_restored',
      'provider_key.saved',
      'settings.updated',
    ]) {
      expect(actions, action).toContain(action)
    }
    expect(await page.locator('body').innerText()).not.toContain('sk-e2e-test-key')
    await page.getByLabel('Action').selectOption('provider_key.saved')
    await page.getByRole('button', { name: 'Filter' }).click()
    await page.waitForURL((url) => url.searchParams.get('action') === 'provider_key.saved')
    const filtered = await page
      .getByTestId('audit-row')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-action')))
    expect(filtered.length).toBeGreaterThan(0)
    expect(new Set(filtered)).toEqual(new Set(['provider_key.saved']))
    expect(await page.getByTestId('audit-row').first().innerText()).toMatch(/last four\s+WXYZ/)
    await page.goto('/admin/audit')
    await both(page, 'admin-audit')
    await page.close()
  })

  it('a member and a support user get the 404 page on every admin URL', async () => {
    for (const email of ['ada@demo.test', 'sam@demo.test']) {
      const context = await signedInContext(browser, demoUser(email))
      const page = await context.newPage()
      for (const path of ADMIN_PATHS)
        expect([email, path, (await visit(page, path)).outcome]).toEqual([email, path, 'notFound'])
      if (email === 'sam@demo.test') await screenshot(page, 'admin-404-support')
      await context.close()
    }
  })
})
