// Lessons in Chromium: a member's run writes a lesson, the member sees where it came from and
// proposes it; the admin rejects it with a reason the member then reads; proposed again, the admin
// approves it only after confirming the personal data it highlights; it is then shared.
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, newContext, screenshot } from './helpers/browser'
import { demoUser } from './helpers/config'
import { signedInContext } from './helpers/personas'
import { LessonsPage, ReviewPage, SignInPage } from './pages'

const LESSON = /include every required field/

let browser: Browser
let grace: BrowserContext
let admin: BrowserContext

beforeAll(async () => {
  browser = await launchBrowser()
  grace = await signedInContext(browser, demoUser('grace@demo.test'))
  admin = await signedInContext(browser, demoUser('admin@demo.test'))
})

afterAll(async () => {
  await grace?.close()
  await admin?.close()
  await browser?.close()
})

describe('lessons', () => {
  it('a member sees the lesson a run wrote, with its run and attempt, and proposes it', async () => {
    const page = await grace.newPage()
    await page.goto('/tasks/new?template=book-json')
    await page.getByRole('button', { name: 'Start run' }).click()
    await page.waitForURL((url) => /^\/runs\/[^/]+$/.test(url.pathname), { timeout: 30_000 })
    const runId = new URL(page.url()).pathname.split('/')[2]
    await page.getByTestId('run-outcome').waitFor({ timeout: 60_000 })

    const lessons = new LessonsPage(page)
    await lessons.open()
    const item = lessons.mine(LESSON)
    await expect.poll(() => item.count()).toBe(1)
    expect(await item.getByRole('link', { name: /^run / }).getAttribute('href')).toBe(`/runs/${runId}`)
    expect(await item.innerText()).toMatch(/attempt 1 \(score 0\.\d\d\)/)
    expect(await item.innerText()).toMatch(/Recalled\s*\d+ times?/)
    await screenshot(page, 'lessons-member')

    await page.getByLabel('Search lessons').fill('no such words anywhere')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByTestId('no-lessons').waitFor()
    await lessons.open()

    await item.getByRole('button', { name: 'Propose for sharing' }).click()
    await expect.poll(() => item.getByTestId('proposal-status').getAttribute('data-status')).toBe('pending')
    await page.setViewportSize({ width: 375, height: 812 })
    await screenshot(page, 'lessons-member-mobile')
    await page.close()
  })

  it('the member edits a lesson: bad text is refused under its field, good text is saved as one line', async () => {
    const page = await grace.newPage()
    const lessons = new LessonsPage(page)
    await lessons.open()
    const item = lessons.mine(LESSON)
    await item.locator('summary', { hasText: 'Edit' }).click()
    const field = item.getByLabel('Lesson')
    await field.fill('  ')
    await item.getByRole('button', { name: 'Save lesson' }).click()
    await expect.poll(() => item.locator('[data-field-error]').innerText()).toMatch(/at least 3 characters/)
    await field.fill('When asked for a JSON object, include every required field and write numbers as numbers.')
    await item.getByRole('button', { name: 'Save lesson' }).click()
    await item.getByText('Lesson saved.').waitFor()
    await page.close()
  })

  it('the admin rejects the proposal with a reason, and the member reads it', async () => {
    const page = await admin.newPage()
    const review = new ReviewPage(page)
    await review.open()
    const proposal = review.proposal(LESSON)
    await expect.poll(() => proposal.count()).toBe(1)
    expect(await proposal.innerText()).toMatch(/Proposed by Grace Hopper/)
    await screenshot(page, 'admin-review')
    await proposal.getByLabel('Reason (the member sees it)').fill('Say which fields, so it helps other JSON tasks too.')
    await proposal.getByRole('button', { name: 'Reject' }).click()
    await expect.poll(() => review.proposal(LESSON).count(), { timeout: 15_000 }).toBe(0)
    await page.close()

    const member = await grace.newPage()
    const lessons = new LessonsPage(member)
    await lessons.open()
    const item = lessons.mine(LESSON)
    expect(await item.getByTestId('rejection-reason').innerText()).toBe(
      'Reason: Say which fields, so it helps other JSON tasks too.',
    )
    await screenshot(member, 'lessons-member-rejected')
    await item.getByRole('button', { name: 'Propose again' }).click()
    await expect.poll(() => item.getByTestId('proposal-status').getAttribute('data-status')).toBe('pending')
    await member.close()
  })

  it('the admin approves only after confirming the personal data it highlights; the lesson is then shared', async () => {
    const page = await admin.newPage()
    const review = new ReviewPage(page)
    await review.open()
    const proposal = review.proposal(LESSON)
    const text = proposal.getByLabel(/Lesson to share/)
    await text.fill(
      'When asked for a JSON object, include every required field; ask grace.hopper@example.com if unsure.',
    )
    await expect.poll(() => proposal.locator('mark').allTextContents()).toEqual(['grace.hopper@example.com (e-mail)'])
    await proposal.getByRole('button', { name: 'Approve and share' }).click()
    await expect.poll(() => proposal.getByRole('alert').innerText()).toMatch(/personal data \(email\)/)
    await screenshot(page, 'admin-review-personal-data')
    await page.setViewportSize({ width: 375, height: 812 })
    await screenshot(page, 'admin-review-mobile')
    await page.setViewportSize({ width: 1280, height: 800 })
    await proposal.getByLabel('I confirm this is not personal data').check()
    await proposal.getByRole('button', { name: 'Approve and share' }).click()
    await expect.poll(() => review.proposal(LESSON).count(), { timeout: 15_000 }).toBe(0)
    await page.close()

    const member = await grace.newPage()
    const lessons = new LessonsPage(member)
    await lessons.open()
    await expect.poll(() => lessons.shared(/ask grace\.hopper@example\.com/).count()).toBe(1)
    expect(await lessons.mine(LESSON).getByTestId('proposal-status').getAttribute('data-status')).toBe('approved')
    await lessons
      .shared(/ask grace\.hopper/)
      .getByRole('link')
      .first()
      .click()
    await member.waitForURL((url) => url.pathname.startsWith('/lessons/'))
    await member.getByRole('heading', { name: 'Shared lesson' }).waitFor()
    await screenshot(member, 'lesson-detail')
    await member.close()
  })

  it('a support user sees shared lessons only, and never a member-only control', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    const support = demoUser('sam@demo.test')
    await new SignInPage(page).signIn(support.email, support.password)
    const lessons = new LessonsPage(page)
    await lessons.open()
    expect(await page.getByRole('heading', { name: /My lessons/ }).count()).toBe(0)
    expect(await lessons.shared(/ask grace\.hopper/).count()).toBe(1)
    expect(await page.getByRole('button', { name: /Propose|Delete|Save/ }).count()).toBe(0)
    await screenshot(page, 'lessons-support')
    await context.close()
  })
})
