import type { Page } from 'playwright-core'
import { MailOutboxPage } from './mail-outbox-page'
import { SignInPage } from './sign-in-page'

/** /invite/[code]: join with a new account, or as the signed-in user. */
export class InvitationPage {
  constructor(readonly page: Page) {}

  async open(link: string) {
    await this.page.goto(new URL(link).pathname)
  }

  /** Asks for an account, confirms the address from the mail outbox, signs in, and waits for the home page. */
  async acceptWithNewAccount(account: { name: string; email: string; password: string }) {
    await this.page.getByLabel('Your name').fill(account.name)
    await this.page.getByLabel('Email').fill(account.email)
    await this.page.getByLabel('Password').fill(account.password)
    await this.page.getByRole('button', { name: 'Create account and join' }).click()
    await this.page.getByTestId('check-your-mail').waitFor({ timeout: 30_000 })
    await new MailOutboxPage(this.page).confirmAddress(account.email)
    await new SignInPage(this.page).signIn(account.email, account.password)
    await this.page.getByRole('heading', { name: `Welcome, ${account.name}` }).waitFor({ timeout: 30_000 })
  }

  async joinAsSignedInUser(tenantName: string) {
    await this.page.getByRole('button', { name: `Join ${tenantName}` }).click()
    await this.page.waitForURL((url) => url.pathname === '/')
  }
}
