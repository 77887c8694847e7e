import type { Page } from 'playwright-core'

/** What a person gets at a URL: the page, the 404 page, or the sign-in page. */
export type Outcome = 'ok' | 'notFound' | 'signin'

/** Signs that a page leaked an error's internals. */
const LEAK = /\bat [\w.<>]+ \(|node_modules|Error: |webpack-internal|Unhandled Runtime Error/

/** Opens a path and classifies what came back; throws if the page leaks a stack trace or is a 5xx. */
export async function visit(
  page: Page,
  path: string,
): Promise<{ outcome: Outcome; status: number; finalPath: string }> {
  const response = await page.goto(path, { waitUntil: 'load' })
  const status = response?.status() ?? 0
  const finalPath = new URL(page.url()).pathname
  // A 404 from a page's notFound() arrives in the RSC stream and is rendered by the client.
  if (status === 404)
    await page
      .getByText('Page not found')
      .waitFor({ timeout: 10_000 })
      .catch(() => {})
  const body = (await page.locator('body').innerText()).slice(0, 5000)
  if (LEAK.test(body)) throw new Error(`${path} shows error internals:\n${body.slice(0, 500)}`)
  if (status >= 500) throw new Error(`${path} answered ${status}`)
  if (finalPath === '/signin' && !path.startsWith('/signin')) return { outcome: 'signin', status, finalPath }
  if (status === 404) {
    if (!/Page not found/.test(body)) throw new Error(`${path} is a 404 without the not-found page`)
    return { outcome: 'notFound', status, finalPath }
  }
  return { outcome: 'ok', status, finalPath }
}
