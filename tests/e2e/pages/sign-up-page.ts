import type { Page } from 'playwright-core'
import { MailOutboxPage } from './mail-outbox-page'
import { SignInPage } from './sign-in-page'

/** The fields of the sign-up form. */
export type SignUpInput = { name: string; email: string; password: string; tenantName: string }

/** /signup: a new account and organisation. */
export class SignUpPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/signup')
  }

  async submit(input: Partial<SignUpInput>) {
    await this.page.getByLabel('Your name').fill(input.name ?? '')
    await this.page.getByLabel('Email').fill(input.email ?? '')
    await this.page.getByLabel('Password').fill(input.password ?? '')
    await this.page.getByLabel('Organisation name').fill(input.tenantName ?? '')
    await this.page.getByRole('button', { name: 'Create organisation' }).click()
  }

  /** The answer after a sign-up is sent (the same for every address). */
  async checkYourMail(): Promise<string> {
    const answer = this.page.getByTestId('check-your-mail')
    await answer.waitFor({ timeout: 30_000 })
    return (await answer.textContent()) ?? ''
  }

  /** Signs up, confirms the address from the mail outbox, signs in, and waits for the home page. */
  async signUp(input: SignUpInput) {
    await this.open()
    await this.submit(input)
    await this.checkYourMail()
    await new MailOutboxPage(this.page).confirmAddress(input.email)
    await new SignInPage(this.page).signIn(input.email, input.password)
    await this.page.getByRole('heading', { name: `Welcome, ${input.name}` }).waitFor({ timeout: 30_000 })
  }

  /** The error shown under a field (by its input id), or null. */
  async fieldError(field: keyof SignUpInput): Promise<string | null> {
    const error = this.page.locator(`[data-field-error="${field}"]`)
    return (await error.count()) ? error.textContent() : null
  }
}
