// Visibly live runs in Chromium: with the demo model slowed down in Settings, the run page opens
// while the run is still queued or running; the progress line (attempt k of n, phase) changes and
// new event rows appear without a reload; a reload mid-run carries on with every #index exactly
// once at the end. Cancel: a slow run is cancelled from its page and ends cancelled, with the reason.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_LATENCY_MS } from '../../scripts/seed'
import { launchBrowser, screenshot } from './helpers/browser'
import { demoUser } from './helpers/config'
import { signedInContext } from './helpers/personas'
import { NewTaskPage, RunPage } from './pages'

let browser: Browser
let admin: BrowserContext

/** Sets the demo model's delay per call on /settings (the seeded Demo organisation starts at DEMO_LATENCY_MS). */
async function setDemoLatency(page: Page, milliseconds: number) {
  await page.goto('/settings')
  const settings = page.getByTestId('model-settings-form')
  const field = settings.getByLabel('Demo model delay (ms per call)')
  await field.fill(String(milliseconds))
  await settings.getByRole('button', { name: 'Save settings' }).click()
  await settings.getByText('Settings saved.').waitFor()
  await page.reload()
  expect(await page.getByTestId('model-settings-form').getByLabel('Demo model delay (ms per call)').inputValue()).toBe(
    String(milliseconds),
  )
}

/** Polls the page until `done`, recording each distinct progress line and the most event rows seen. */
async function watch(run: RunPage, done: () => Promise<boolean>, timeoutMs = 60_000) {
  const progress: string[] = []
  const counts: number[] = []
  const deadline = Date.now() + timeoutMs
  const sample = async () => {
    const line = await run.progress()
    if (progress.at(-1) !== line) progress.push(line)
    counts.push((await run.eventIndexes()).length)
  }
  while (!(await done())) {
    if (Date.now() > deadline)
      throw new Error(`the run did not get there in ${timeoutMs} ms; progress seen: ${progress.join(' | ')}`)
    await sample()
    await run.page.waitForTimeout(50)
  }
  // The state that satisfied `done` counts too: the events that moved the run there may have
  // arrived between the last sample and the check.
  await sample()
  return { progress, counts }
}

beforeAll(async () => {
  browser = await launchBrowser()
  admin = await signedInContext(browser, demoUser('admin@demo.test'))
})

afterAll(async () => {
  if (admin) {
    const page = await admin.newPage()
    await setDemoLatency(page, DEMO_LATENCY_MS).catch(() => {})
    await admin.close()
  }
  await browser?.close()
})

describe('live runs', () => {
  it('the Demo organisation starts with a modest demo delay, shown in Settings', async () => {
    const page = await admin.newPage()
    await page.goto('/settings')
    expect(
      await page.getByTestId('model-settings-form').getByLabel('Demo model delay (ms per call)').inputValue(),
    ).toBe(String(DEMO_LATENCY_MS))
    await page.close()
  })

  it('the page follows the run live: progress and new events without reload; a reload mid-run misses and repeats nothing', async () => {
    const page = await admin.newPage()
    await setDemoLatency(page, 1500)
    const form = new NewTaskPage(page)
    await form.open('hangzhou-walk')
    const runId = await form.start()
    const run = new RunPage(page)
    expect(await run.hasOutcome()).toBe(false)
    expect(await page.getByTestId('run-status').getAttribute('data-status')).toMatch(/^(queued|running)$/)

    // Before any reload: wait until attempt 1 is scored or reflected on, watching it move.
    const before = await watch(run, async () =>
      /Attempt 1 of 3 · (evaluating|reflecting)|Attempt 2/.test(await run.progress()),
    )
    expect(before.progress.length).toBeGreaterThanOrEqual(2)
    expect(Math.max(...before.counts)).toBeGreaterThan(before.counts[0])
    expect(await page.getByTestId('stream-state').innerText()).toBe('Live')
    await screenshot(page, 'live-run-1-attempt-1')

    // Reload while the run is still going; the page carries on from the server's events plus the stream.
    expect(await run.hasOutcome()).toBe(false)
    await page.reload()
    const afterReload = await watch(run, () => run.hasOutcome())
    expect(afterReload.progress.some((line) => /^Attempt 2 of 3/.test(line))).toBe(true)
    const progressSeen = [...before.progress, ...afterReload.progress]
    expect(new Set(progressSeen).size).toBeGreaterThanOrEqual(3)
    expect(await run.waitForOutcome()).toMatch(/Passed on attempt 2/)
    await run.waitForComplete()
    await screenshot(page, 'live-run-2-finished')

    const indexes = await run.eventIndexes()
    const exported = (await (await admin.request.get(`/api/runs/${runId}/export`)).text()).trim().split('\n')
    expect([...indexes].sort((a, b) => a - b)).toEqual(exported.map((_, position) => position))
    expect(new Set(indexes).size).toBe(indexes.length)
    await page.close()
  })

  it('cancels a slow run from its page: it ends cancelled, with the reason', async () => {
    const page = await admin.newPage()
    await setDemoLatency(page, 4000)
    const form = new NewTaskPage(page)
    await form.open('book-json')
    await form.start()
    const run = new RunPage(page)
    // Cancelled while running (attempt 1 is waiting on the slow model), not merely while queued.
    await watch(run, async () => /^Attempt 1 of 3/.test(await run.progress()))
    expect(await page.getByTestId('run-status').getAttribute('data-status')).toBe('running')
    await page.getByRole('button', { name: 'Cancel run' }).click()
    expect(await run.waitForOutcome(30_000)).toMatch(/^Cancelled after 1 attempt/)
    await expect.poll(() => page.getByTestId('run-status').getAttribute('data-status')).toBe('cancelled')
    const interrupted = await page.locator('[data-event-type="run.interrupted"]').innerText()
    expect(interrupted).toMatch(/Cancelled/)
    expect(interrupted).not.toMatch(/before it started/)
    expect(await run.progress()).toBe('Attempt 1 of 3')
    expect(await page.getByRole('button', { name: 'Cancel run' }).count()).toBe(0)
    await screenshot(page, 'live-run-3-cancelled')
    await page.goto('/runs')
    expect(await page.getByTestId('run-row').first().innerText()).toMatch(/cancelled/)
    await page.close()
  })
})
