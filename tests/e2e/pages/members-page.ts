import type { Page } from 'playwright-core'
import type { Role } from '../../../lib/services/auth/permissions'

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

  /** The pending invitations as listed: "email · role" (or "Anyone with the link · role"). */
  async pendingInvitations(): Promise<string[]> {
    return this.page
      .getByRole('listitem')
      .filter({ has: this.page.getByTestId('revoke-invitation') })
      .evaluateAll((items) => items.map((item) => item.querySelector('span')?.textContent?.trim() ?? ''))
  }

  /** Revokes the pending invitation for an email and waits until the list no longer shows it. */
  async revokeInvitation(email: string) {
    const item = this.page.getByRole('listitem').filter({ hasText: email })
    await item.getByRole('button', { name: 'Revoke' }).click()
    await item.waitFor({ state: 'detached' })
  }

  /** Opens a member's page from the list. */
  async manage(email: string) {
    await this.page.goto(`/settings/members/${await this.membershipIdOf(email)}`)
    await this.page.getByRole('heading', { name: 'Remove from organisation' }).waitFor()
  }

  /** The confirmation step of "Remove …": the question it asks, or null while it is closed. */
  async removalQuestion(): Promise<string | null> {
    const dialog = this.page.getByRole('alertdialog')
    return (await dialog.count()) ? dialog.locator('p').first().innerText() : null
  }
}
