import type { Page } from 'playwright-core'

/** /lessons: my lessons and the shared ones. */
export class LessonsPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/lessons')
    await this.page.getByRole('heading', { name: 'Lessons', level: 1 }).waitFor()
  }

  mine(text: RegExp) {
    return this.page.getByTestId('my-lesson').filter({ hasText: text })
  }

  shared(text: RegExp) {
    return this.page.getByTestId('shared-lesson').filter({ hasText: text })
  }

  /** Deletes every one of my lessons matching the text (each through its Delete… confirmation). */
  async deleteMine(text: RegExp) {
    while ((await this.mine(text).count()) > 0) {
      const before = await this.mine(text).count()
      const item = this.mine(text).first()
      await item.locator('summary', { hasText: 'Delete…' }).click()
      await item.getByRole('button', { name: 'Delete lesson' }).click()
      await this.page.waitForFunction(
        ({ count, source }) =>
          [...document.querySelectorAll('[data-testid="my-lesson"]')].filter((node) =>
            new RegExp(source).test(node.textContent ?? ''),
          ).length < count,
        { count: before, source: text.source },
      )
    }
  }
}
