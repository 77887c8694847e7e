// Issue 5, done when: on the embedded database with no provider configured, in one browser, a
// member (Ada) runs the Hangzhou demo, which fails, writes a lesson and passes; she sees the lesson
// on the run page and on /lessons and proposes it; the admin approves it in /admin/review (tags and
// task key kept, personal data confirmed if flagged); a second member (Grace) runs the related
// Kyoto task, which recalls the now-shared lesson on attempt 1 (marked shared, through the real
// PgLessonStore: the lesson's recall history lists her run) and passes at once. Screenshots at
// each step. The walking lessons are removed again at the end so other files' runs start clean.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, newContext, screenshot } from './helpers/browser'
import { demoUser } from './helpers/config'
import { AppShell, LessonsPage, NewTaskPage, ReviewPage, RunPage, SignInPage } from './pages'

const LESSON = /at most 3 stops/

let browser: Browser
let context: BrowserContext
let page: Page

async function signInAs(email: string) {
  const account = demoUser(email)
  await new SignInPage(page).signIn(account.email, account.password)
}

async function signOut() {
  await new AppShell(page).signOut()
}

beforeAll(async () => {
  browser = await launchBrowser()
  context = await newContext(browser)
  page = await context.newPage()
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
})

describe('the learning flow across users', () => {
  it("Ada's failure becomes a lesson, the admin shares it, Grace's related task recalls it and passes first time", async () => {
    // Other files may have run Hangzhou as Ada or Grace: start both from no walking lesson of their own.
    for (const email of ['grace@demo.test', 'ada@demo.test']) {
      await signInAs(email)
      const lessons = new LessonsPage(page)
      await lessons.open()
      await lessons.deleteMine(LESSON)
      if (email === 'grace@demo.test') await signOut()
    }
    expect(await new LessonsPage(page).shared(LESSON).count()).toBe(0)

    // 1. Ada runs the Hangzhou walking tour: attempt 1 fails, writes a lesson; attempt 2 passes with it.
    const form = new NewTaskPage(page)
    await form.open('hangzhou-walk')
    expect(await page.getByLabel('Task key (optional)').inputValue()).toBe('walking-tour')
    expect(await page.getByLabel('Tags (optional)').inputValue()).toBe('travel, walking')
    await screenshot(page, 'learning-flow-1-new-task')
    const adaRunId = await form.start()
    const adaRun = new RunPage(page)
    expect(await adaRun.waitForOutcome()).toMatch(/Passed on attempt 2/)
    await adaRun.waitForComplete()
    expect(await page.getByTestId('run-task-key').innerText()).toMatch(
      /task: walking-tour[\s\S]*#travel[\s\S]*#walking/,
    )
    expect(await adaRun.attempt(1).getByTestId('attempt-verdict').innerText()).toMatch(/Not passed/)
    const produced = adaRun.attempt(1).getByTestId('lesson-produced')
    expect(await produced.innerText()).toMatch(LESSON)
    expect(await produced.innerText()).toMatch(/Stored\.[\s\S]*reached the next attempt’s prompt/)
    const adaLessonHref = await produced.getByRole('link', { name: 'Open lesson' }).getAttribute('href')
    expect(adaLessonHref).toMatch(/^\/lessons\/.+/)
    expect(
      await adaRun.attempt(2).getByTestId('recalled-lessons').locator('li', { hasText: LESSON }).innerText(),
    ).not.toMatch(/shared/)
    await screenshot(page, 'learning-flow-2-ada-run')

    // 2. On /lessons: her lesson, from that run's attempt 1, with the run's task key and tags; she proposes it.
    const lessons = new LessonsPage(page)
    await lessons.open()
    const mine = lessons.mine(LESSON)
    await expect.poll(() => mine.count()).toBe(1)
    expect(await mine.getAttribute('data-lesson-id')).toBe(adaLessonHref?.split('/')[2])
    expect(await mine.getByRole('link', { name: /^run / }).getAttribute('href')).toBe(`/runs/${adaRunId}`)
    expect(await mine.innerText()).toMatch(
      /task: walking-tour[\s\S]*#travel[\s\S]*#walking[\s\S]*attempt 1 \(score 0\.00\)/,
    )
    await mine.getByRole('button', { name: 'Propose for sharing' }).click()
    await expect.poll(() => mine.getByTestId('proposal-status').getAttribute('data-status')).toBe('pending')
    await screenshot(page, 'learning-flow-3-ada-proposes')
    await signOut()

    // 3. The admin approves it in the review queue: source run shown, tags and task key prefilled.
    await signInAs('admin@demo.test')
    const review = new ReviewPage(page)
    await review.open()
    const proposal = review.proposal(LESSON)
    await expect.poll(() => proposal.count()).toBe(1)
    expect(await proposal.innerText()).toMatch(
      /Proposed by Ada Lovelace[\s\S]*from run \w{6}, attempt 1 \(score 0\.00\)/,
    )
    expect(await proposal.getByLabel('Task key').inputValue()).toBe('walking-tour')
    expect(await proposal.getByLabel('Tags').inputValue()).toBe('travel, walking')
    await screenshot(page, 'learning-flow-4-admin-review')
    const confirm = proposal.getByLabel('I confirm this is not personal data')
    if (await confirm.count()) await confirm.check()
    await proposal.getByRole('button', { name: 'Approve and share' }).click()
    await expect.poll(() => review.proposal(LESSON).count(), { timeout: 15_000 }).toBe(0)
    await page.goto('/admin/lessons')
    const library = page.getByTestId('library-lesson').filter({ hasText: LESSON })
    await expect.poll(() => library.count()).toBe(1)
    expect(await library.innerText()).toMatch(/task: walking-tour[\s\S]*#travel[\s\S]*#walking/)
    await screenshot(page, 'learning-flow-5-admin-shared')
    await signOut()

    // 4. Grace runs the related Kyoto task: attempt 1 recalls the shared lesson and passes.
    await signInAs('grace@demo.test')
    await lessons.open()
    const shared = lessons.shared(LESSON)
    await expect.poll(() => shared.count()).toBe(1)
    const sharedId = await shared.getAttribute('data-lesson-id')
    expect(await shared.innerText()).toMatch(/From a run, attempt 1 \(score 0\.00\)/)
    expect(await shared.innerText()).toMatch(/Recalled\s*0 times/)
    await form.open('kyoto-walk')
    expect(await page.getByLabel('Task key (optional)').inputValue()).toBe('walking-tour')
    const graceRunId = await form.start()
    const graceRun = new RunPage(page)
    expect(await graceRun.waitForOutcome()).toMatch(/Passed on attempt 1/)
    await graceRun.waitForComplete()
    const recalled = graceRun.attempt(1).getByTestId('recalled-lessons').locator('li', { hasText: LESSON })
    expect(await recalled.count()).toBe(1)
    // Marked shared, with why it was recalled (the ranking's reasons).
    expect(await recalled.innerText()).toMatch(/shared\s*— similarity [\d.]+ · same task key “walking-tour”/)
    expect(await recalled.getByRole('link').getAttribute('href')).toBe(`/lessons/${sharedId}`)
    expect(await graceRun.attempt(1).getByTestId('attempt-output').innerText()).toMatch(/three stops, all on foot/)
    expect(await page.getByTestId('lesson-counts').innerText()).toMatch(/^\d+ \/ 0$/)
    expect(await graceRun.attempt(2).count()).toBe(0)
    await screenshot(page, 'learning-flow-6-grace-run')

    // The recall went through the store: the shared lesson's history lists Grace's run, attempt 1.
    await page.goto(`/lessons/${sharedId}`)
    await page.getByRole('heading', { name: 'Shared lesson' }).waitFor()
    const row = page.getByTestId('recall-row').filter({ has: page.locator(`a[href="/runs/${graceRunId}"]`) })
    expect(await row.innerText()).toMatch(/An easy walking day in Kyoto\s+1\s+succeeded\s+1\.00/)
    await screenshot(page, 'learning-flow-7-shared-lesson')
    await signOut()

    // Leave no walking lesson behind: the admin retires the shared one, Ada deletes hers.
    await signInAs('admin@demo.test')
    await page.goto('/admin/lessons')
    await library.getByRole('button', { name: 'Retire' }).click()
    await expect.poll(() => page.getByTestId('retired-lesson').filter({ hasText: LESSON }).count()).toBe(1)
    await signOut()
    await signInAs('ada@demo.test')
    await lessons.open()
    await lessons.deleteMine(LESSON)
  })
})
