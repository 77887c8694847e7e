/**
 * The support console in a real browser: time from pressing Ask on /support/runs/<id> to the first
 * visible answer text, offline agent, for several questions, on the built app (`npm start`'s server,
 * embedded database, as the e2e tests start it). Both clocks are the page's own: a capturing click
 * listener on Ask and a MutationObserver on the new answer, so Playwright's round trips are not
 * counted. Also the route's time to its first answer line from Node (the server's part alone).
 * npx tsx bench/support-first-answer.bench.ts   (builds the app first when the sources changed)
 */
import os from 'node:os'
import type { Page } from 'playwright-core'
import setup from '../tests/e2e/global-setup'
import type { E2eConfig } from '../tests/e2e/helpers/config'
import { launchBrowser } from '../tests/e2e/helpers/browser'
import { SignInPage } from '../tests/e2e/pages'

const QUESTIONS = [
  'Why did this run fail?',
  'What did the evaluator say on attempt 2?',
  'Which lessons were used?',
  'How many tokens did it cost?',
  'Should we share this lesson?',
  '为什么失败了？',
]
const ROUNDS = 5

// 60 questions in a few minutes: above the per-user limit (20 a minute) the server would answer 429.
process.env.SUPPORT_QUESTIONS_PER_USER_PER_MINUTE = '0'
let config: E2eConfig | undefined
const stop = await setup({
  provide: (_key: string, value: E2eConfig) => (config = value),
} as unknown as Parameters<typeof setup>[0])
process.once('SIGINT', () => void stop().then(() => process.exit(130)))
const { baseUrl, demoUsers } = config!
const user = (email: string) => demoUsers.find((candidate) => candidate.email === email)!
const browser = await launchBrowser()

async function signedIn(email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await new SignInPage(page).signIn(email, user(email).password)
  return page
}

/** A failed run of the demo model (the largest-prime scenario), started by a member. */
async function failedRun(): Promise<string> {
  const page = await signedIn('ada@demo.test')
  await page.goto('/tasks/new?template=largest-prime')
  await page.getByRole('button', { name: 'Start run' }).click()
  await page.waitForURL((url) => /^\/runs\/[^/]+$/.test(url.pathname), { timeout: 30_000 })
  const runId = new URL(page.url()).pathname.split('/')[2]
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    if ((await (await page.request.get(`/api/runs/${runId}/export`)).text()).includes('"type":"run.finished"'))
      return runId
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`run ${runId} did not finish`)
}

/** Asks on an open support page; returns ms from the Ask click to the first answer text (page clock). */
async function timeAsk(page: Page, question: string): Promise<number> {
  const before = await page.getByTestId('support-exchange').count()
  await page.getByLabel('Your question').fill(question)
  // Strings, not functions: tsx would wrap a function's inner closures in a helper the page lacks.
  await page.evaluate(`{
    const button = [...document.querySelectorAll('button')].find((node) => node.textContent.trim() === 'Ask')
    window.__asked = new Promise((resolve) =>
      button.addEventListener('click', () => resolve(performance.now()), { capture: true, once: true }))
    window.__answered = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        const answer = document.querySelectorAll('[data-testid="support-answer"]')[${before}]
        if (answer?.querySelector('p.whitespace-pre-wrap')?.textContent?.trim()) {
          observer.disconnect()
          resolve(performance.now())
        }
      })
      observer.observe(document.body, { subtree: true, childList: true, characterData: true })
    })
    true // the value of the script: not the promise, which evaluate would wait for
  }`)
  await page.getByRole('button', { name: 'Ask' }).click()
  const elapsed = await page.evaluate<number>(
    `Promise.race([
      Promise.all([window.__asked, window.__answered]).then(([asked, answered]) => answered - asked),
      new Promise((_, reject) => setTimeout(() => reject(new Error('no answer text in 30 s')), 30000)),
    ])`,
  )
  await page.locator('[data-testid="support-exchange"][data-state="done"]').nth(before).waitFor({ timeout: 30_000 })
  return elapsed
}

/** ms from sending the question to the route's first text part, from Node with the page's cookies. */
async function timeRoute(page: Page, runId: string, question: string): Promise<number> {
  const cookie = (await page.context().cookies()).map((entry) => `${entry.name}=${entry.value}`).join('; ')
  const start = performance.now()
  const response = await fetch(`${baseUrl}/api/support/runs/${runId}/chat`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', cookie, origin: baseUrl },
    body: JSON.stringify({ question, history: [] }),
  })
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let seen = ''
  let first = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    seen += value
    if (!first && seen.includes('"type":"text"')) first = performance.now() - start
  }
  if (!response.ok || !first) throw new Error(`the chat answered ${response.status}: ${seen.slice(0, 200)}`)
  return first
}

const median = (values: number[]) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)]
const worst = (values: number[]) => Math.max(...values)

try {
  const runId = await failedRun()
  const page = await signedIn('sam@demo.test')
  console.log(`machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, Node ${process.version}`)
  console.log(`run ${runId}; ${ROUNDS} rounds of ${QUESTIONS.length} questions, each on a freshly loaded page`)
  const browserTimes = new Map<string, number[]>(QUESTIONS.map((question) => [question, []]))
  const routeTimes = new Map<string, number[]>(QUESTIONS.map((question) => [question, []]))
  for (let round = 0; round < ROUNDS; round++)
    for (const question of QUESTIONS) {
      await page.goto(`/support/runs/${runId}`)
      await page.getByLabel('Your question').waitFor()
      browserTimes.get(question)!.push(await timeAsk(page, question))
      routeTimes.get(question)!.push(await timeRoute(page, runId, question))
      console.log(
        `round ${round + 1}: ${question} → ${browserTimes.get(question)!.at(-1)!.toFixed(0)} ms in the browser, ${routeTimes.get(question)!.at(-1)!.toFixed(0)} ms route`,
      )
    }
  console.log(
    '| question | browser: Ask → first answer text, median / worst (ms) | route: first text part, median (ms) |',
  )
  console.log('| --- | --- | --- |')
  for (const question of QUESTIONS) {
    const shown = browserTimes.get(question)!
    console.log(
      `| ${question} | ${median(shown).toFixed(0)} / ${worst(shown).toFixed(0)} | ${median(routeTimes.get(question)!).toFixed(0)} |`,
    )
  }
  const all = [...browserTimes.values()].flat()
  console.log(`all ${all.length} asks: median ${median(all).toFixed(0)} ms, worst ${worst(all).toFixed(0)} ms`)
} finally {
  await browser.close()
  await stop()
}
