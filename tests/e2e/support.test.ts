// The support console in Chromium: a support user filters failed runs, opens one, asks why it
// failed, reads the streamed offline answer and follows an #index link into the timeline; a
// member asks about their own run and gets 404 on someone else's; support cannot curate lessons.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, newContext, screenshot } from './helpers/browser'
import { demoUser } from './helpers/config'
import { visit } from './helpers/outcome'
import { signedInContext } from './helpers/personas'
import { SignInPage, SupportChatPanel } from './pages'

import { e2eConfig } from './helpers/config'

/** A browser's POST carries its page's Origin; route() refuses cookie requests that change state without it. */
const sameOrigin = () => ({ origin: e2eConfig().baseUrl })

let browser: Browser
let ada: BrowserContext
let grace: BrowserContext
let sam: BrowserContext
let failedRunId: string
let graceRunId: string

/** Starts a demo scenario as the signed-in member and waits for its run to finish; returns the run id. */
async function runScenario(context: BrowserContext, template: string): Promise<string> {
  const page = await context.newPage()
  await page.goto(`/tasks/new?template=${template}`)
  await page.getByRole('button', { name: 'Start run' }).click()
  await page.waitForURL((url) => /^\/runs\/[^/]+$/.test(url.pathname), { timeout: 30_000 })
  const runId = new URL(page.url()).pathname.split('/')[2]
  const deadline = Date.now() + 60_000
  for (;;) {
    const exported = await context.request.get(`/api/runs/${runId}/export`)
    if ((await exported.text()).includes('"type":"run.finished"')) break
    if (Date.now() > deadline) throw new Error(`run ${runId} did not finish`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  await page.close()
  return runId
}

/** Opens a path that must be refused: a 404 status with the 404 page, and no chat or timeline. */
async function expectRefused(page: Page, path: string) {
  expect((await visit(page, path)).outcome).toBe('notFound')
  expect(await page.getByLabel('Your question').count()).toBe(0)
  expect(await page.getByTestId('timeline').count()).toBe(0)
}

beforeAll(async () => {
  browser = await launchBrowser()
  ada = await signedInContext(browser, demoUser('ada@demo.test'))
  grace = await signedInContext(browser, demoUser('grace@demo.test'))
  sam = await signedInContext(browser, demoUser('sam@demo.test'))
  failedRunId = await runScenario(ada, 'largest-prime')
  graceRunId = await runScenario(grace, 'largest-prime')
})

afterAll(async () => {
  for (const context of [ada, grace, sam]) await context?.close()
  await browser?.close()
})

describe('support console', () => {
  it('support filters failed runs, opens one, asks why, and an #index link scrolls the timeline to that event', async () => {
    const page = await sam.newPage()
    await page.goto('/support')
    await page.getByLabel('Status').selectOption('failed')
    await page.getByRole('button', { name: 'Filter' }).click()
    await page.waitForURL((url) => url.searchParams.get('status') === 'failed')
    const rows = page.getByTestId('support-run')
    expect(await rows.count()).toBeGreaterThanOrEqual(2)
    expect(
      new Set(await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-status')))),
    ).toEqual(new Set(['failed']))
    await screenshot(page, 'support-console')

    await page.locator(`a[href="/support/runs/${failedRunId}"]`).click()
    await page.waitForURL(`**/support/runs/${failedRunId}`)
    expect(await page.getByTestId('context-card').innerText()).toMatch(/^\[run context\] \d+ events, status: failed/)
    const chat = new SupportChatPanel(page)
    const asked = Date.now()
    const answer = await chat.ask('why did this run fail?')
    console.log(`[e2e] offline answer complete in the browser after ${Date.now() - asked} ms`)
    expect(await answer.innerText()).toContain('offline agent')
    expect(await answer.getByTestId('offline-note').innerText()).toMatch(/no model is configured/)
    expect(await answer.innerText()).toMatch(/Failed: none of the 2 attempts reached the threshold/)
    const citations = answer.locator('a[data-citation]')
    expect(await citations.count()).toBeGreaterThan(2)
    const toolCalls = answer.getByTestId('tool-calls')
    await toolCalls.locator('summary').click()
    expect(await toolCalls.innerText()).toContain('query_log {"op":"overview"}')
    await toolCalls.locator('summary').click()

    const cited = citations.last()
    const index = Number(await cited.getAttribute('data-citation'))
    await cited.click()
    const row = page.locator(`#event-${index}`)
    await page.waitForFunction((id) => document.getElementById(id)?.hasAttribute('data-highlighted'), `event-${index}`)
    expect(await row.innerText()).toMatch(new RegExp(`^#${index} \\S+`))
    const [rowBox, listBox] = [await row.boundingBox(), await page.getByTestId('timeline').boundingBox()]
    expect(
      rowBox && listBox && rowBox.y >= listBox.y - 1 && rowBox.y + rowBox.height <= listBox.y + listBox.height + 1,
    ).toBe(true)
    expect(rowBox && rowBox.y >= 0 && rowBox.y + rowBox.height <= page.viewportSize()!.height).toBe(true)
    await screenshot(page, 'support-run-chat')

    // Two more questions: each a different answer, each citing events of the log.
    const evaluator = await chat.ask('What did the evaluator say on attempt 2?')
    const tokens = await chat.ask('How many tokens did it use, per role?')
    const texts = [answer, evaluator, tokens].map((locator) => locator.locator('p.text-sm').first().innerText())
    const [whyText, evaluatorText, tokensText] = await Promise.all(texts)
    expect(new Set([whyText, evaluatorText, tokensText]).size).toBe(3)
    expect(evaluatorText).toMatch(/^Attempt 2: the evaluator scored/)
    expect(tokensText).toMatch(/^Total: \d+ calls/)
    for (const locator of [evaluator, tokens])
      expect(await locator.locator('a[data-citation]').count()).toBeGreaterThan(0)
    // A follow-up continues the last topic (tokens), now for attempt 1 only.
    const followUp = await chat.ask('and on attempt 1?')
    const followText = await followUp.locator('p.text-sm').first().innerText()
    expect(followText).toMatch(/^Total: \d+ calls?/)
    expect(followText).not.toContain('attempt 2')
    await screenshot(page, 'support-run-three-questions')
    await page.close()
  })

  it('a question typed before the page became interactive is asked with the first press of Ask', async () => {
    const page = await sam.newPage()
    let release = () => {}
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/_next/static/chunks/**', async (route) => {
      await scriptsHeld
      await route.continue()
    })
    await page.goto(`/support/runs/${failedRunId}`, { waitUntil: 'commit' })
    await page.getByLabel('Your question').fill('What did the evaluator say on attempt 2?')
    release()
    const ask = page.getByRole('button', { name: 'Ask' })
    await expect.poll(() => ask.isEnabled(), { timeout: 30_000 }).toBe(true)
    await ask.click()
    const answer = page.locator('[data-testid="support-exchange"][data-state="done"]').first()
    await answer.waitFor({ timeout: 30_000 })
    expect(await answer.getByTestId('support-answer').innerText()).toMatch(/Attempt 2: the evaluator scored/)
    expect(await page.getByLabel('Your question').inputValue()).toBe('')
    await page.close()
  })

  it('reads well at 375 px', async () => {
    const context = await newContext(browser, { mobile: true })
    const page = await context.newPage()
    const sign = demoUser('sam@demo.test')
    await new SignInPage(page).signIn(sign.email, sign.password)
    await page.goto('/support?status=failed')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await screenshot(page, 'support-console-mobile')
    await page.goto(`/support/runs/${failedRunId}`)
    await new SupportChatPanel(page).ask('why did this run fail?')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await screenshot(page, 'support-run-chat-mobile')
    await context.close()
  })

  it('a member asks about their own run at /runs/[id]/ask and gets 404 on another member’s; neither reaches the console', async () => {
    const page = await ada.newPage()
    expect((await visit(page, `/runs/${failedRunId}/ask`)).outcome).toBe('ok')
    const answer = await new SupportChatPanel(page).ask('Why did my run fail?')
    const shown = await page.locator('main').innerText()
    expect(await answer.innerText()).toMatch(/Failed: none of the 2 attempts/)
    // The answer, not the machinery: no context card, query_log transcript, raw JSON or user ids.
    for (const internal of ['[run context]', 'query_log', '{"', 'userId', 'u-']) expect(shown).not.toContain(internal)
    expect(await page.getByTestId('tool-calls').count()).toBe(0)
    expect(await page.getByTestId('context-card').count()).toBe(0)
    const citation = answer.locator('a[data-citation]').first()
    expect(await citation.getAttribute('href')).toMatch(new RegExp(`^/runs/${failedRunId}#event-\\d+$`))
    await screenshot(page, 'member-ask-why')
    await expectRefused(page, `/runs/${graceRunId}/ask`)
    const refused = await ada.request.post(`/api/support/runs/${graceRunId}/chat`, {
      data: { question: 'why?' },
      headers: sameOrigin(),
    })
    expect(refused.status()).toBe(404)
    expect(await refused.text()).toBe('')
    expect((await visit(page, '/support')).outcome).toBe('notFound')
    expect((await visit(page, `/support/runs/${failedRunId}`)).outcome).toBe('notFound')
    await page.close()
  })

  it('the run page shows what each model call saw and compares two attempts', async () => {
    for (const [name, context] of [
      ['run-traces-desktop', ada],
      ['run-traces-390', await newContext(browser, { width: 390 })],
    ] as const) {
      const page = await context.newPage()
      if (name === 'run-traces-390') {
        const sign = demoUser('ada@demo.test')
        await new SignInPage(page).signIn(sign.email, sign.password)
      }
      await page.goto(`/runs/${failedRunId}`)
      const attempt = page.locator('[data-testid="attempt"][data-attempt="1"]')
      const traces = attempt.getByTestId('model-traces')
      await traces.locator('> summary').click()
      const agentCall = traces.locator('[data-testid="model-trace"][data-role="agent"]').first()
      await agentCall.locator('> details > summary').click()
      expect(await agentCall.innerText()).toMatch(/Message 1 \(user\)/)
      expect(await agentCall.innerText()).toMatch(/Reply/)
      // The demo tasks are graded without an LLM judge; the reflector's prompt is recorded the same way.
      const reflector = traces.locator('[data-testid="model-trace"][data-role="reflector"]').first()
      await reflector.locator('> details > summary').click()
      expect(await reflector.innerText()).toMatch(/Instructions \(system\)/)
      const compare = page.getByTestId('attempt-compare')
      await compare.getByLabel('Left').selectOption('1')
      await compare.getByLabel('Right').selectOption('2')
      const columns = compare.getByTestId('compare-column')
      expect(await columns.count()).toBe(2)
      expect(await columns.nth(0).getAttribute('data-attempt')).toBe('1')
      expect(await columns.nth(1).getAttribute('data-attempt')).toBe('2')
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()!.width,
      )
      if (name === 'run-traces-desktop') {
        // A rating of attempt 2, recorded in the log and listed on the page.
        const form = page.getByTestId('feedback-form')
        await form.getByLabel('What you rate').selectOption('2')
        await form.getByLabel('👎 Not helpful').check()
        await form.getByLabel('Comment (optional)').fill('The answer is still a number')
        await form.getByRole('button', { name: 'Send rating' }).click()
        await form.getByTestId('form-success').waitFor()
        await page.reload()
        expect(await page.getByTestId('feedback-list').innerText()).toContain('The answer is still a number')
      }
      await screenshot(page, name)
      await page.close()
    }
  })

  it('support cannot reach lesson curation; the chat refuses bad input with a clear message', async () => {
    const page = await sam.newPage()
    for (const path of ['/admin/lessons', '/admin/review', '/admin/effect']) await expectRefused(page, path)
    const tooLong = await sam.request.post(`/api/support/runs/${failedRunId}/chat`, {
      data: { question: 'x'.repeat(2001) },
      headers: sameOrigin(),
    })
    expect(tooLong.status()).toBe(400)
    expect((await tooLong.json()).error).toMatch(/at most 2000 characters/)
    expect(
      (
        await sam.request.post('/api/support/runs/no-such-run/chat', {
          data: { question: 'why?' },
          headers: sameOrigin(),
        })
      ).status(),
    ).toBe(404)
    await page.close()
  })
})
