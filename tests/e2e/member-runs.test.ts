// A member's day in Chromium: start the Hangzhou demo from its template, watch the run page until
// attempt 1 fails, its lesson is written and attempt 2 passes; the chart, the runs list, the JSON
// Lines export; another member gets the 404 page; HTML in a prompt is shown as text; bad settings
// are refused under their fields.
import fs from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, newContext, screenshot } from './helpers/browser'
import { demoUser } from './helpers/config'
import { visit } from './helpers/outcome'
import { signedInContext } from './helpers/personas'
import { SignInPage } from './pages'

/** /tasks/new: templates, fields and the submit button. */
class NewTaskPage {
  constructor(readonly page: Page) {}

  async open(template?: string) {
    await this.page.goto(template ? `/tasks/new?template=${template}` : '/tasks/new')
    await this.page.getByRole('heading', { name: 'New task', exact: true }).waitFor()
  }

  async pickTemplate(title: string) {
    await this.page
      .getByRole('navigation', { name: 'Start from a template' })
      .getByRole('link', { name: new RegExp(title) })
      .click()
    await this.page.waitForURL((url) => url.searchParams.has('template'))
  }

  /** Submits and waits for the run page; returns the run id. */
  async start(): Promise<string> {
    await this.page.getByRole('button', { name: 'Start run' }).click()
    await this.page.waitForURL((url) => /^\/runs\/[^/]+$/.test(url.pathname), { timeout: 30_000 })
    return new URL(this.page.url()).pathname.split('/')[2]
  }
}

/** /runs/[id]: the live timeline, chart and links. */
class RunPage {
  constructor(readonly page: Page) {}

  attempt(number: number) {
    return this.page.locator(`[data-testid="attempt"][data-attempt="${number}"]`)
  }

  async waitForOutcome(): Promise<string> {
    const outcome = this.page.getByTestId('run-outcome')
    await outcome.waitFor({ timeout: 60_000 })
    return (await outcome.innerText()).trim()
  }
}

let browser: Browser
let ada: BrowserContext
let grace: BrowserContext
let runId: string

beforeAll(async () => {
  browser = await launchBrowser()
  ada = await signedInContext(browser, demoUser('ada@demo.test'))
  grace = await signedInContext(browser, demoUser('grace@demo.test'))
})

afterAll(async () => {
  await ada?.close()
  await grace?.close()
  await browser?.close()
})

describe('member runs', () => {
  it('starts the Hangzhou demo from its template and watches attempt 1 fail, a lesson, attempt 2 pass', async () => {
    const page = await ada.newPage()
    const form = new NewTaskPage(page)
    await form.open()
    await screenshot(page, 'member-runs-new-task')
    await form.pickTemplate('A relaxed walking day in Hangzhou')
    await expect.poll(() => page.getByLabel('Prompt').inputValue()).toMatch(/Hangzhou/)
    expect(await page.getByLabel('Evaluator', { exact: true }).inputValue()).toBe('regex')
    expect(await page.getByText('Empty: uses demo (offline).').count()).toBeGreaterThan(0)
    runId = await form.start()

    const run = new RunPage(page)
    expect(await run.waitForOutcome()).toMatch(/Passed on attempt 2/)
    expect(await page.getByTestId('run-model').innerText()).toBe('demo (offline)')
    const first = run.attempt(1)
    expect(await first.getByRole('heading').innerText()).toBe('Attempt 1 of 3')
    expect(await first.getByTestId('attempt-verdict').innerText()).toMatch(/Not passed · 0\.00/)
    expect(await first.getByTestId('attempt-output').innerText()).toMatch(/Xixi Wetland/)
    const lesson = await first.getByTestId('lesson-produced').innerText()
    expect(lesson).toMatch(/at most 3 stops/)
    expect(lesson).toMatch(/reached the next attempt’s prompt/)
    const second = run.attempt(2)
    expect(await second.getByTestId('attempt-verdict').innerText()).toMatch(/Passed · 1\.00/)
    expect(await second.getByTestId('recalled-lessons').getByRole('link').getAttribute('href')).toMatch(
      /^\/lessons\/.+/,
    )
    expect(await page.getByTestId('score-point').count()).toBe(2)
    expect(await page.locator('[data-testid="score-point"][data-attempt="1"]').getAttribute('data-score')).toBe('0')
    expect(await page.locator('[data-testid="score-point"][data-attempt="2"]').getAttribute('data-score')).toBe('1')
    expect(await page.getByTestId('threshold-line').count()).toBe(1)
    expect(await page.getByRole('img', { name: /Score per attempt/ }).count()).toBe(1)
    expect(await page.locator('#event-0').innerText()).toMatch(/#0/)
    expect(await page.getByTestId('total-cost').innerText()).toBe('$0.00')
    expect(await page.getByRole('link', { name: 'Ask why' }).getAttribute('href')).toBe(`/runs/${runId}/ask`)
    // The button goes with the run's final status, which can arrive in a later stream message than the outcome.
    await expect.poll(() => page.getByRole('button', { name: 'Cancel run' }).count()).toBe(0)
    await screenshot(page, 'member-runs-run-page')
    await page.close()

    const mobile = await newContext(browser, { mobile: true })
    const small = await mobile.newPage()
    const account = demoUser('ada@demo.test')
    await new SignInPage(small).signIn(account.email, account.password)
    await small.goto(`/runs/${runId}`)
    await new RunPage(small).waitForOutcome()
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await screenshot(small, 'member-runs-run-page-375')
    await small.goto('/runs')
    await small.getByTestId('run-row').first().waitFor()
    await screenshot(small, 'member-runs-list-375')
    await mobile.close()
  })

  it('lists the run with its status, attempts and score; the filter works without scripts', async () => {
    const page = await ada.newPage()
    await page.goto('/runs')
    const row = page.locator(`[data-testid="run-row"][data-run-id="${runId}"]`)
    await row.waitFor()
    const text = await row.innerText()
    expect(text).toMatch(/succeeded/)
    expect(text).toMatch(/2 \/ 3/)
    expect(text).toMatch(/1\.00/)
    await screenshot(page, 'member-runs-list')
    await page.goto('/runs?status=failed')
    expect(await page.locator(`[data-testid="run-row"][data-run-id="${runId}"]`).count()).toBe(0)
    await page.goto('/runs?q=hangzhou&status=succeeded')
    expect(await page.locator(`[data-testid="run-row"][data-run-id="${runId}"]`).count()).toBe(1)
    await page.close()
  })

  it('downloads the log as JSON Lines from the export link', async () => {
    const page = await ada.newPage()
    await page.goto(`/runs/${runId}`)
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-link').click()])
    expect(download.suggestedFilename()).toBe(`run-${runId}.jsonl`)
    const lines = fs
      .readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { index: number; type: string })
    expect(lines[0]).toMatchObject({ index: 0, type: 'run.submitted' })
    expect(lines.at(-1)?.type).toBe('run.finished')
    expect(lines.map((line) => line.index)).toEqual(lines.map((_, position) => position))
    await page.close()
  })

  it('gives another member the 404 page for the run and its export', async () => {
    const page = await grace.newPage()
    expect((await visit(page, `/runs/${runId}`)).outcome).toBe('notFound')
    expect(await page.locator('body').innerText()).not.toMatch(/Hangzhou/)
    expect((await grace.request.get(`/api/runs/${runId}/export`)).status()).toBe(404)
    await page.close()
  })

  it('shows an HTML prompt as text, never as markup', async () => {
    const page = await ada.newPage()
    let dialogs = 0
    page.on('dialog', async (dialog) => {
      dialogs += 1
      await dialog.dismiss()
    })
    const form = new NewTaskPage(page)
    await form.open()
    const prompt = '<img src=x onerror=alert(1)><script>alert(2)</script>'
    await page.getByLabel('Prompt').fill(prompt)
    await form.start()
    await new RunPage(page).waitForOutcome()
    expect(await page.getByTestId('run-prompt').innerText()).toBe(prompt)
    expect(await page.locator('main img, main script').count()).toBe(0)
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(prompt)
    expect(dialogs).toBe(0)
    await page.close()
  })

  it('refuses bad settings under their fields, before anything runs', async () => {
    const page = await ada.newPage()
    const form = new NewTaskPage(page)
    await form.open()
    await page.getByLabel('Prompt').fill('Plan a day.')
    await page.getByLabel('Passing score').fill('2')
    await page.getByLabel('Evaluator', { exact: true }).selectOption('regex')
    await page.getByLabel('Regular expression').fill('(unclosed')
    await page.getByRole('button', { name: 'Start run' }).click()
    const threshold = page.getByLabel('Passing score')
    await expect.poll(() => threshold.getAttribute('aria-invalid')).toBe('true')
    const describedBy = await threshold.getAttribute('aria-describedby')
    expect(await page.locator(`#${describedBy}`).innerText()).toMatch(/from 0 to 1/)
    const pattern = page.getByLabel('Regular expression')
    expect(await page.locator(`#${await pattern.getAttribute('aria-describedby')}`).innerText()).toMatch(
      /invalid regular expression/i,
    )
    expect(await page.getByLabel('Prompt').inputValue()).toBe('Plan a day.')
    expect(new URL(page.url()).pathname).toBe('/tasks/new')
    await screenshot(page, 'member-runs-new-task-errors')
    await page.close()
  })
})
