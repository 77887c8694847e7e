import type { Page } from 'playwright-core'

/** /dev/mail: the development mail viewer (the e2e server has no SMTP_URL, so every mail waits there). */
export class MailOutboxPage {
  constructor(readonly page: Page) {}

  async open(to?: string) {
    await this.page.goto(to ? `/dev/mail?to=${encodeURIComponent(to)}` : '/dev/mail')
  }

  /** The newest mail to `to`, as text (throws when there is none). */
  async newestTo(to: string): Promise<{ subject: string; text: string }> {
    await this.open(to)
    const mail = this.page.getByTestId('outbox-mail').first()
    await mail.waitFor({ timeout: 10_000 })
    const subject = (await this.page.locator('section h2').first().textContent()) ?? ''
    return { subject, text: (await mail.textContent()) ?? '' }
  }

  /** Opens the newest sign-up link mailed to `to` and confirms the address, as its owner would. */
  async confirmAddress(to: string) {
    await this.open(to)
    const link = this.page.getByTestId('outbox-mail').first().locator('a[href*="/verify/"]')
    await link.waitFor({ timeout: 10_000 })
    await this.page.goto(new URL((await link.getAttribute('href')) ?? '').pathname)
    await this.page.getByRole('button', { name: 'Confirm and create my account' }).click()
    await this.page.getByTestId('sign-up-confirmed').waitFor({ timeout: 30_000 })
  }
}
