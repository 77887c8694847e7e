import type { Page } from 'playwright-core'

/** The chat of a support run view (/support/runs/[id], or a member's own run). */
export class SupportChatPanel {
  constructor(readonly page: Page) {}

  /** Asks and waits for this question's own answer to finish (earlier answers are already done). */
  async ask(question: string) {
    const done = this.page.locator('[data-testid="support-exchange"][data-state="done"]')
    const before = await done.count()
    await this.page.getByLabel('Your question').fill(question)
    await this.page.getByRole('button', { name: 'Ask' }).click()
    await done.nth(before).waitFor({ timeout: 30_000 })
    return this.page.getByTestId('support-answer').nth(before)
  }
}
