import type { Page } from 'playwright-core'
import type { Role } from '../../../lib/auth/permissions'

/** /settings/members (admins): invite, list, and open a member. */
export class MembersPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/settings/members')
    await this.page.getByRole('heading', { name: 'Members', exact: true }).waitFor()
  }

  /** Creates an invitation and returns its link (shown once). */
  async invite(role: Role, email?: string): Promise<string> {
    await this.page.getByLabel('Role').selectOption(role)
    if (email) await this.page.getByLabel('Email (optional)').fill(email)
    await this.page.getByRole('button', { name: 'Create invitation' }).click()
    const link = this.page.getByTestId('invitation-link')
    await link.waitFor()
    return link.inputValue()
  }

  /** The emails in the member list. */
  async memberEmails(): Promise<string[]> {
    return this.page
      .getByTestId('member-row')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-email') ?? ''))
  }

  /** The membership id of a listed member (from their Manage link). */
  async membershipIdOf(email: string): Promise<string> {
    const href = await this.page.locator(`[data-testid="member-row"][data-email="${email}"] a`).getAttribute('href')
    const id = href?.split('/').pop()
    if (!id) throw new Error(`no member ${email} on the page`)
    return id
  }
}
