import type { Page } from 'playwright-core'

/** /signin: email + password. */
export class SignInPage {
  constructor(readonly page: Page) {}

  async open(callbackUrl?: string) {
    await this.page.goto(callbackUrl ? `/signin?callbackUrl=${encodeURIComponent(callbackUrl)}` : '/signin')
  }

  /** Fills and submits the form; does not wait for the outcome. */
  async submit(email: string, password: string) {
    await this.page.getByLabel('Email').fill(email)
    await this.page.getByLabel('Password').fill(password)
    await this.page.getByRole('button', { name: 'Sign in' }).click()
  }

  /** Signs in and waits to land on `destination` (default: the home page). */
  async signIn(email: string, password: string, destination = '/') {
    await this.open(destination === '/' ? undefined : destination)
    await this.submit(email, password)
    try {
      await this.page.waitForURL((url) => url.pathname === destination, { timeout: 30_000 })
    } catch (error) {
      const shown = await this.page
        .getByTestId('form-error')
        .textContent()
        .catch(() => null)
      throw new Error(
        `signing in as ${email} did not reach ${destination}${shown ? `: the form says "${shown}"` : ''}`,
        { cause: error },
      )
    }
  }

  /** The form's error message (wrong password, locked account). */
  async error(): Promise<string> {
    const alert = this.page.getByTestId('form-error')
    await alert.waitFor()
    return (await alert.textContent()) ?? ''
  }
}
