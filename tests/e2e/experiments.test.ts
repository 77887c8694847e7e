// An admin's experiment in Chromium, in an organisation of their own: they run two demo walking tours,
// make a dataset of them from the filtered runs list, write a misleading shared lesson, run an
// experiment on them and six uploaded cities (no lessons against that lesson, two attempts a run), read "hurts" on the experiment page
// and on the lesson effect page, and retire the lesson in one click. Screenshots of the dataset,
// experiment and effect pages at 1280 and 390 px. The Demo organisation's seeded experiment is checked
// too: a new user finds it finished, with a verdict, and no provider configured.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MISLEADING_WALKING_LESSON, WALKING_CITY_SCENARIOS } from '../../lib/adapters/models/demo'
import { launchBrowser, newContext, screenshot } from './helpers/browser'
import { demoUser } from './helpers/config'
import { newAccount, signedInContext } from './helpers/personas'
import { DatasetPage, ExperimentPage, NewTaskPage, RunPage, SignUpPage } from './pages'

let browser: Browser
let admin: BrowserContext

beforeAll(async () => {
  browser = await launchBrowser()
  const account = newAccount('Experiments admin')
  admin = await newContext(browser)
  const page = await admin.newPage()
  await new SignUpPage(page).signUp({ ...account, tenantName: 'Experiments Org' })
  await page.close()
}, 120_000)

afterAll(async () => {
  await admin?.close()
  await browser?.close()
})

/** A screenshot at 1280 px and one at 390 px, and no element wider than the 390 px page. */
async function both(page: Page, name: string): Promise<string[]> {
  await screenshot(page, name)
  await page.setViewportSize({ width: 390, height: 844 })
  const overflowing = await page.evaluate(() =>
    document.documentElement.scrollWidth > window.innerWidth ? [document.documentElement.scrollWidth] : [],
  )
  await screenshot(page, `${name}-390`)
  await page.setViewportSize({ width: 1280, height: 800 })
  return overflowing.map((width) => `${name}: the page is ${width} px wide at 390 px`)
}

async function runScenario(page: Page, template: string): Promise<string> {
  const form = new NewTaskPage(page)
  await form.open(template)
  const runId = await form.start()
  await new RunPage(page).waitForOutcome()
  return runId
}

describe('experiments', () => {
  it('an admin builds a dataset from runs, runs an experiment, reads the verdict and retires a harmful lesson', async () => {
    const page = await admin.newPage()
    const problems: string[] = []
    // 1. Two walking tours: each fails its first attempt, learns, and passes.
    for (const template of ['hangzhou-walk', 'kyoto-walk']) await runScenario(page, template)

    // 2. The runs list filtered to walking tours: add them all to a new organisation dataset.
    await page.goto('/runs?q=walking')
    const panel = page.getByTestId('add-to-dataset-panel')
    await panel.locator('summary').click()
    const add = panel.getByTestId('add-to-dataset')
    await add.getByLabel('New dataset name').fill('Walking tours')
    await add.getByRole('button', { name: 'Add these 2 runs to a dataset' }).click()
    await page.waitForURL((url) => /^\/datasets\/[^/]+$/.test(url.pathname), { timeout: 30_000 })
    const datasetId = new URL(page.url()).pathname.split('/')[2]
    const dataset = new DatasetPage(page)
    await page.getByTestId('dataset-items').waitFor()
    expect(await dataset.taskTexts()).toEqual(['A relaxed walking day in Hangzhou', 'An easy walking day in Kyoto'])
    // Six more cities as JSON Lines, so the comparison has enough pairs to decide.
    const upload = page.getByTestId('upload-items')
    await upload
      .getByLabel('Tasks as JSON Lines')
      .fill(WALKING_CITY_SCENARIOS.map((scenario) => JSON.stringify(scenario.task)).join('\n'))
    await upload.getByRole('button', { name: 'Add these tasks' }).click()
    await expect.poll(() => dataset.taskTexts().then((texts) => texts.length), { timeout: 15_000 }).toBe(8)

    // 3. A misleading shared lesson, written after the tours so they never recalled it.
    await page.goto('/admin/lessons')
    const create = page.getByTestId('create-shared-lesson')
    await create.getByLabel('Lesson').fill(MISLEADING_WALKING_LESSON)
    await create.getByLabel('Task key').fill('walking-tour')
    await create.getByRole('button', { name: 'Create shared lesson' }).click()
    await expect
      .poll(() => page.getByTestId('library-lesson').filter({ hasText: MISLEADING_WALKING_LESSON }).count())
      .toBe(1)

    // 4. The experiment: no lessons against the misleading lesson, two attempts a run.
    await dataset.open(datasetId)
    problems.push(...(await both(page, 'experiments-dataset')))
    const experimentId = await dataset.startExperiment({
      name: 'Does the sights lesson help?',
      lessons: [MISLEADING_WALKING_LESSON],
      attempts: 2,
    })
    const experiment = new ExperimentPage(page)
    problems.push(...(await both(page, 'experiments-progress')))
    expect(await experiment.waitForEnd()).toBe('finished')
    await experiment.open(experimentId)
    // The baseline learns from its own first attempt and passes; the misleading lesson keeps it failing.
    expect(await experiment.verdicts()).toMatch(/hurts −100 pts \[−100, −100\]/)
    expect(await page.getByRole('progressbar', { name: 'Runs done' }).getAttribute('aria-valuenow')).toBe('16')
    expect(await page.getByTestId('excluded').innerText()).toMatch(/0 runs interrupted by infrastructure/)
    problems.push(...(await both(page, 'experiments-results')))

    // 5. The effect page shows the experiment first and flags the lesson.
    await page.goto('/admin/effect')
    const effect = page.getByTestId('experiment-verdicts')
    await effect.waitFor()
    expect(await effect.innerText()).toMatch(/hurts/)
    problems.push(...(await both(page, 'experiments-effect')))

    // 6. Retire the harmful lesson in one click, from the experiment page.
    await experiment.open(experimentId)
    await page.getByTestId('retire-harmful').getByRole('button', { name: 'Retire this lesson' }).click()
    await expect.poll(() => page.getByText('(retired)').count(), { timeout: 15_000 }).toBe(1)
    expect(await page.getByTestId('retire-harmful').count()).toBe(0)
    // The library lists it as retired.
    await page.goto('/admin/lessons')
    await expect
      .poll(() => page.getByTestId('retired-lesson').filter({ hasText: MISLEADING_WALKING_LESSON }).count())
      .toBe(1)
    expect(await page.getByTestId('library-lesson').filter({ hasText: MISLEADING_WALKING_LESSON }).count()).toBe(0)
    // Experiment runs stay out of the runs list: still the two tours.
    await page.goto('/runs')
    expect(await page.locator('[data-run-id]').count()).toBe(2)
    expect(problems).toEqual([])
    await page.close()
  }, 300_000)

  it('the Demo organisation has a finished experiment with a verdict, played by the offline demo model', async () => {
    const context = await signedInContext(browser, demoUser('admin@demo.test'))
    const page = await context.newPage()
    await page.goto('/datasets')
    await page.getByRole('link', { name: 'Date questions' }).first().waitFor()
    const link = page.getByTestId('experiment-list').getByRole('link').first()
    const experimentId = (await link.getAttribute('href'))!.split('/')[2]
    const experiment = new ExperimentPage(page)
    await experiment.open(experimentId)
    expect(await experiment.waitForEnd()).toBe('finished')
    await experiment.open(experimentId)
    expect(await experiment.verdicts()).toMatch(/ISO date lesson[\s\S]*helps \+60 pts/)
    await screenshot(page, 'experiments-demo')
    await context.close()
  }, 180_000)
})
