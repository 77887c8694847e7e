// Tools in Chromium, end to end: an admin of a new tenant registers a real MCP server (the SDK over
// Streamable HTTP on 127.0.0.1, started here, behind a secret header) and enables two of its tools; a
// member chooses them for a task, and the offline demo model calls the tools the task names; the run
// page shows each call with its result or error; support asks which tool failed and gets an answer
// that cites the failing call's events, and the citation leads to that event in the timeline.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMcpHttpServer, type TestMcpHttpServer } from '../support/mcp-http-server'
import { launchBrowser, screenshot } from './helpers/browser'
import { e2eConfig } from './helpers/config'
import { closeTenant, tenantThroughUi, type TenantFixture } from './helpers/personas'
import { NewTaskPage, RunPage, SupportChatPanel, ToolsSettingsPage } from './pages'

const HEADER_SECRET = `lab-key-${Math.random().toString(36).slice(2, 10)}`

let browser: Browser
let mcp: TestMcpHttpServer
let tenant: TenantFixture
let runId = ''

beforeAll(async () => {
  mcp = await startMcpHttpServer({
    port: e2eConfig().toolServerPort,
    requireHeader: { name: 'x-lab-key', value: HEADER_SECRET },
  })
  browser = await launchBrowser()
  tenant = await tenantThroughUi(browser, 'Toolsmiths')
})

afterAll(async () => {
  await closeTenant(tenant)
  await browser?.close()
  await mcp?.stop()
})

/** The page at 390 px wide, saved, then back to its own width. */
async function screenshotsOf(page: Page, name: string) {
  const size = page.viewportSize()!
  await screenshot(page, `${name}-desktop`)
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, `${name}-390`)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  await page.setViewportSize(size)
  return overflow
}

describe('tools from an MCP server, from the settings to the support answer', () => {
  it('an admin registers the server with a secret header and enables two of its tools', async () => {
    const page = await tenant.personas.admin.context.newPage()
    const settings = new ToolsSettingsPage(page)
    await settings.open()
    const saved = await settings.addServer({ name: 'lab', url: mcp.url, headers: `x-lab-key: ${HEADER_SECRET}` })
    expect(saved).toMatch(/^Saved\./)
    const server = page.getByTestId('server-lab')
    await server.waitFor()
    expect(await server.innerText()).toContain('Headers (values hidden): x-lab-key')
    expect(await page.content()).not.toContain(HEADER_SECRET)
    for (const name of ['lab__echo', 'lab__fail', 'lab__hang', 'lab__headers', 'lab__huge', 'lab__inject', 'lab__wipe'])
      expect(await settings.tool(name).getByTestId('tool-state').innerText()).toBe('Off')
    await settings.enable('lab__echo')
    await settings.enable('lab__fail')
    expect(mcp.seenHeaders.some((headers) => headers['x-lab-key'] === HEADER_SECRET)).toBe(true)
    expect(await screenshotsOf(page, 'tools-settings')).toBeLessThanOrEqual(0)
    await page.close()
  })

  it('a member chooses the tools; the run page shows each call with its result or its error', async () => {
    const page = await tenant.personas.member.context.newPage()
    const form = new NewTaskPage(page)
    await form.open()
    const picker = page.getByTestId('tool-picker')
    expect(await picker.locator('input[type="checkbox"]').evaluateAll((boxes) => boxes.map((box) => box.id))).toEqual([
      'tool-lab__echo',
      'tool-lab__fail',
    ])
    await page
      .getByLabel('Prompt')
      .fill('Look up "order 42" with lab__echo, then confirm it with lab__fail, and report both results.')
    await page.getByLabel('Attempts').fill('1')
    await picker.getByLabel('lab__echo').check()
    await picker.getByLabel('lab__fail').check()
    runId = await form.start()
    const run = new RunPage(page)
    expect(await page.getByTestId('run-tools').innerText()).toMatch(/^lab__echo\s+lab__fail$/)
    await run.waitForComplete()
    const calls = page.getByTestId('tool-call')
    expect(await calls.evaluateAll((items) => items.map((item) => item.getAttribute('data-tool')))).toEqual([
      'lab__echo',
      'lab__fail',
    ])
    const echo = calls.nth(0)
    const failed = calls.nth(1)
    expect(await echo.getByTestId('tool-status').innerText()).toBe('returned')
    expect(await echo.getByTestId('tool-result').innerText()).toBe('ECHO: ORDER 42')
    expect(await failed.getByTestId('tool-status').innerText()).toBe('failed')
    expect(await failed.getByTestId('tool-result').innerText()).toBe('lookup failed: the record does not exist')
    expect(await failed.innerText()).toMatch(/#\d+ → #\d+/)
    expect(await run.eventIndexes()).toEqual(expect.arrayContaining([expect.any(Number)]))
    expect(await screenshotsOf(page, 'tools-run')).toBeLessThanOrEqual(0)
    await page.close()
  })

  it('support asks which tool failed and the answer cites the failing call; the citation opens that event', async () => {
    const page = await tenant.personas.support.context.newPage()
    await page.goto(`/support/runs/${runId}`)
    const answer = await new SupportChatPanel(page).ask('Which tool failed?')
    const exported = await tenant.personas.support.context.request.get(`/api/runs/${runId}/export`)
    const failure = (await exported.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { index: number; type: string; payload: Record<string, unknown> })
      .find((event) => event.type === 'agent.tool_returned' && event.payload.isError === true)!
    expect(failure.payload).toMatchObject({ toolName: 'lab__fail' })
    expect(await answer.innerText()).toContain(
      `Failed: "lab__fail" on attempt 1 with "lookup failed: the record does not exist" (#${failure.index}).`,
    )
    const cited = answer.locator(`a[data-citation="${failure.index}"]`)
    expect(await cited.count()).toBeGreaterThan(0)
    await cited.first().click()
    await page.waitForFunction(
      (id) => document.getElementById(id)?.hasAttribute('data-highlighted'),
      `event-${failure.index}`,
    )
    const row = await page.locator(`#event-${failure.index}`).innerText()
    expect(row).toMatch(new RegExp(`^#${failure.index} `))
    expect(row).toContain('lab__fail')
    expect(await screenshotsOf(page, 'tools-support-answer')).toBeLessThanOrEqual(0)
    await page.close()
  })
})
