// Chromium from Debian, driven by playwright-core (no browser downloads), and screenshots.
import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { e2eConfig } from './config'

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Where screenshots go (git-ignored). */
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots')

/** Launches Debian's Chromium headless. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
}

/** A fresh context (own cookies) on this run's server; 375 px wide when `mobile`, or `width` px. */
export function newContext(
  browser: Browser,
  options: { mobile?: boolean; width?: number } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: e2eConfig().baseUrl,
    viewport: options.width
      ? { width: options.width, height: 844 }
      : options.mobile
        ? { width: 375, height: 812 }
        : { width: 1280, height: 800 },
  })
}

/** Saves a full-page PNG as tests/e2e/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true })
  const file = path.join(SCREENSHOT_DIR, `${name}.png`)
  await page.screenshot({ path: file, fullPage: true })
  return file
}
