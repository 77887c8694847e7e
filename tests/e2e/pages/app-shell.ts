import type { Page } from 'playwright-core'

/** The header on every page: navigation, tenant switcher, user menu. */
export class AppShell {
  constructor(readonly page: Page) {}

  /** The labels of the main navigation (empty when signed out). */
  async navLabels(): Promise<string[]> {
    const nav = this.page.getByRole('navigation', { name: 'Main' })
    if (!(await nav.count())) return []
    return nav.getByRole('link').allTextContents()
  }

  /** The tenant names the switcher offers (one name when there is nothing to switch). */
  async tenantOptions(): Promise<string[]> {
    const active = this.page.getByTestId('active-tenant')
    const tag = await active.evaluate((element) => element.tagName)
    if (tag !== 'SELECT') return [((await active.textContent()) ?? '').trim()]
    return active.locator('option').allTextContents()
  }

  async switchTenant(tenantName: string) {
    const select = this.page.getByTestId('active-tenant')
    const value = await select.locator('option', { hasText: tenantName }).getAttribute('value')
    await select.selectOption(value ?? '')
    await this.page.getByText(`${tenantName} · signed in as`).waitFor()
  }

  async signOut() {
    await this.page.getByTestId('user-menu').click()
    await this.page.getByRole('button', { name: 'Sign out' }).click()
    await this.page.waitForURL((url) => url.pathname === '/signin')
  }
}
