// The signed-in home page per role, in Chromium, on a fresh organisation: a member's first visit
// (what a run does, the demo templates on the offline model), then their own runs and lessons only;
// the admin's own runs and the review queue; support's newest failures linking into the console;
// and nothing of another tenant's runs. Desktop and 375 px screenshots of each.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_SCENARIOS } from '../../lib/adapters/models/demo/scenarios'
import { launchBrowser, screenshot } from './helpers/browser'
import { demoUser } from './helpers/config'
import { closeTenant, signedInContext, tenantThroughUi, type TenantFixture } from './helpers/personas'
import { LessonsPage, NewTaskPage, RunPage } from './pages'

// The book-json demo keeps its lesson in the lesson store (selective); largest-prime keeps it in memory.
const BOOK_LESSON = /include every required field/

/** `/` once signed in: the sections (regions named by their headings) and the runs listed. */
class HomePage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/')
    await this.page.getByRole('heading', { name: /^Welcome, /, level: 1 }).waitFor()
  }

  region(name: string) {
    return this.page.getByRole('region', { name, exact: true })
  }

  /** The ids of the runs listed in a section, in page order. */
  async runIds(section: string): Promise<string[]> {
    return this.region(section)
      .locator('[data-testid="home-run"]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-run-id') ?? ''))
  }

  async count(testId: string): Promise<number> {
    return Number(await this.page.getByTestId(testId).getAttribute('data-count'))
  }

  /** Desktop and 375 px screenshots; the phone width must not scroll sideways. */
  async screenshots(name: string) {
    await screenshot(this.page, name)
    await this.page.setViewportSize({ width: 375, height: 812 })
    expect(await this.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await screenshot(this.page, `${name}-mobile`)
    await this.page.setViewportSize({ width: 1280, height: 800 })
  }
}

async function runScenario(context: BrowserContext, template: string): Promise<string> {
  const page = await context.newPage()
  const form = new NewTaskPage(page)
  await form.open(template)
  const runId = await form.start()
  await new RunPage(page).waitForOutcome()
  await page.close()
  return runId
}

async function openHome(context: BrowserContext): Promise<HomePage> {
  const home = new HomePage(await context.newPage())
  await home.open()
  return home
}

let browser: Browser
let tenant: TenantFixture
let otherSupport: BrowserContext
let memberRunId: string
let memberBookRunId: string
let adminRunId: string

beforeAll(async () => {
  browser = await launchBrowser()
  tenant = await tenantThroughUi(browser, 'Home Org')
  otherSupport = await signedInContext(browser, demoUser('sam@demo.test'))
})

afterAll(async () => {
  await closeTenant(tenant)
  await otherSupport?.close()
  await browser?.close()
})

describe('home page', () => {
  it("a member's first visit explains what a run does and offers the demo templates on the offline model", async () => {
    const home = await openHome(tenant.personas.member.context)
    const firstVisit = home.page.getByRole('region', { name: 'How a run learns' })
    expect(await firstVisit.innerText()).toMatch(/several attempts[\s\S]*one-sentence lesson[\s\S]*later runs recall/)
    const start = home.region('Start a task')
    for (const scenario of DEMO_SCENARIOS) {
      expect(await start.getByRole('link', { name: scenario.title }).getAttribute('href')).toBe(
        `/tasks/new?template=${scenario.id}`,
      )
    }
    expect(await home.page.getByTestId('home-model').innerText()).toBe('demo (offline)')
    expect(await home.runIds('Your recent runs')).toEqual([])
    expect(await home.count('home-own-lessons')).toBe(0)
    expect(await home.region('Team lessons').count()).toBe(0)
    expect(await home.region('Newest failed and interrupted runs').count()).toBe(0)
    await home.screenshots('home-member-first-visit')
    await home.page.close()
  })

  it('a member sees their own runs and lessons, never the admin’s run', async () => {
    memberRunId = await runScenario(tenant.personas.member.context, 'largest-prime')
    memberBookRunId = await runScenario(tenant.personas.member.context, 'book-json')
    adminRunId = await runScenario(tenant.personas.admin.context, 'hangzhou-walk')
    const home = await openHome(tenant.personas.member.context)
    expect(await home.runIds('Your recent runs')).toEqual([memberBookRunId, memberRunId])
    const row = home.region('Your recent runs').locator(`[data-run-id="${memberRunId}"]`)
    expect(await row.getByTestId('run-status').getAttribute('data-status')).toBe('failed')
    expect(await row.getByRole('link', { name: 'An impossible question (always fails)' }).getAttribute('href')).toBe(
      `/runs/${memberRunId}`,
    )
    expect(await row.innerText()).toMatch(/2 \/ 2 attempts/)
    expect(await home.page.getByRole('region', { name: 'How a run learns' }).count()).toBe(0)
    expect(await home.count('home-own-lessons')).toBe(1)
    expect(await home.page.getByTestId('home-own-lessons').getAttribute('href')).toBe('/lessons')
    await home.screenshots('home-member')

    // Propose the lesson, for the admin's review count.
    const lessons = new LessonsPage(home.page)
    await lessons.open()
    const item = lessons.mine(BOOK_LESSON)
    await item.getByRole('button', { name: 'Propose for sharing' }).click()
    await expect.poll(() => item.getByTestId('proposal-status').getAttribute('data-status')).toBe('pending')
    await home.page.close()
  })

  it("an admin sees their own runs (not the member's), the pending proposals and the shared lessons", async () => {
    const home = await openHome(tenant.personas.admin.context)
    expect(await home.runIds('Your recent runs')).toEqual([adminRunId])
    expect(await home.region('Your recent runs').getByTestId('run-status').getAttribute('data-status')).toBe(
      'succeeded',
    )
    const team = home.region('Team lessons')
    expect(await team.getByTestId('home-pending-proposals').getAttribute('href')).toBe('/admin/review')
    expect(await home.count('home-pending-proposals')).toBe(1)
    expect(await team.getByTestId('home-shared-lessons').getAttribute('href')).toBe('/admin/lessons')
    expect(await home.count('home-shared-lessons')).toBe(0)
    expect(await home.region('Start a task').count()).toBe(1)
    await home.screenshots('home-admin')
    await home.page.close()
  })

  it("support sees the tenant's newest failures linking into the console, and no other tenant's runs", async () => {
    const home = await openHome(tenant.personas.support.context)
    const failures = home.region('Newest failed and interrupted runs')
    expect(await home.runIds('Newest failed and interrupted runs')).toEqual([memberRunId])
    expect(
      await failures.getByRole('link', { name: 'An impossible question (always fails)' }).getAttribute('href'),
    ).toBe(`/support/runs/${memberRunId}`)
    expect(await failures.getByRole('link', { name: 'Open the support console' }).getAttribute('href')).toBe('/support')
    expect(await home.region('Start a task').count()).toBe(0)
    expect(await home.region('Your recent runs').count()).toBe(0)
    await home.screenshots('home-support')
    await home.page.close()

    const other = await openHome(otherSupport)
    const listed = await other.runIds('Newest failed and interrupted runs')
    expect(listed).not.toContain(memberRunId)
    expect(listed).not.toContain(adminRunId)
    expect(listed).not.toContain(memberBookRunId)
    await other.page.close()
  })
})
