// Role-by-page matrix: signed out, and member/admin/support of two tenants, × every route of the
// table. Each reaches what its role may use and gets the 404 page (never a stack trace) elsewhere.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '../../lib/services/auth/permissions'
import { launchBrowser, newContext } from './helpers/browser'
import { visit } from './helpers/outcome'
import { closeTenant, demoTenant, tenantThroughUi, type TenantFixture } from './helpers/personas'
import { accessFor, expectedOutcome, ROUTES, showsFor, type RouteFixtures } from './routes'

let browser: Browser
let demo: TenantFixture
let second: TenantFixture
let signedOut: BrowserContext

beforeAll(async () => {
  browser = await launchBrowser()
  demo = await demoTenant(browser)
  second = await tenantThroughUi(browser, 'Second Org')
  demo.experiments = await seededExperiment(demo.personas.admin.context)
  signedOut = await newContext(browser)
})

afterAll(async () => {
  await closeTenant(demo)
  await closeTenant(second)
  await signedOut?.close()
  await browser?.close()
})

/** The ids of the Demo organisation's seeded dataset and experiment, from its admin's /datasets page. */
async function seededExperiment(context: BrowserContext): Promise<{ datasetId: string; experimentId: string }> {
  const page = await context.newPage()
  await page.goto('/datasets')
  const idOf = async (testId: string) =>
    (await page.getByTestId(testId).getByRole('link').first().getAttribute('href'))!.split('/')[2]
  const ids = { datasetId: await idOf('dataset-list'), experimentId: await idOf('experiment-list') }
  await page.close()
  return ids
}

/** Whether the page shows the text, once streamed parts (Suspense boundaries) have arrived. */
async function shows(page: Page, text: RegExp): Promise<boolean> {
  return page
    .getByText(text)
    .first()
    .waitFor({ timeout: 10_000 })
    .then(
      () => true,
      () => false,
    )
}

async function mismatches(context: BrowserContext, role: Role | null, fixtures: RouteFixtures): Promise<string[]> {
  const page = await context.newPage()
  const problems: string[] = []
  for (const route of ROUTES) {
    const path = route.path(fixtures)
    const expected = expectedOutcome(accessFor(route, fixtures), role)
    const text = showsFor(route, role)
    const actual = await visit(page, path)
    if (actual.outcome !== expected)
      problems.push(
        `${route.name} ${path}: expected ${expected}, got ${actual.outcome} (${actual.status} at ${actual.finalPath})`,
      )
    else if (expected === 'ok' && text && !(await shows(page, text)))
      problems.push(`${route.name} ${path}: does not show ${text}`)
  }
  await page.close()
  return problems
}

describe('access matrix', () => {
  it('signed out: public pages open, the rest send to /signin or 404', async () => {
    expect(await mismatches(signedOut, null, { own: demo, other: second })).toEqual([])
  })

  for (const tenantName of ['Demo', 'Second Org']) {
    for (const role of ['member', 'admin', 'support'] as Role[]) {
      it(`${role} of ${tenantName}`, async () => {
        const [own, other] = tenantName === 'Demo' ? [demo, second] : [second, demo]
        expect(await mismatches(own.personas[role].context, role, { own, other })).toEqual([])
      })
    }
  }
})
