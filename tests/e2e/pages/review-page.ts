import type { Page } from 'playwright-core'

/** /admin/review: pending proposals with approve and reject forms. */
export class ReviewPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/admin/review')
    await this.page.getByRole('heading', { name: 'Review', level: 1 }).waitFor()
  }

  proposal(text: RegExp) {
    return this.page.getByTestId('proposal').filter({ hasText: text })
  }
}
