import type { Page } from 'playwright-core'

/** /runs/[id]: progress, outcome, attempts and the event rows of the live timeline. */
export class RunPage {
  constructor(readonly page: Page) {}

  attempt(number: number) {
    return this.page.locator(`[data-testid="attempt"][data-attempt="${number}"]`)
  }

  /** The progress line: "Attempt k of n · phase", or "Waiting for a worker". */
  async progress(): Promise<string> {
    return ((await this.page.getByTestId('run-progress').textContent()) ?? '').trim()
  }

  /** The #index of every event row on the page, in page order. */
  async eventIndexes(): Promise<number[]> {
    return this.page
      .locator('[data-event-index]')
      .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-event-index'))))
  }

  async hasOutcome(): Promise<boolean> {
    return (await this.page.getByTestId('run-outcome').count()) > 0
  }

  async waitForOutcome(timeout = 60_000): Promise<string> {
    const outcome = this.page.getByTestId('run-outcome')
    await outcome.waitFor({ timeout })
    return (await outcome.innerText()).trim()
  }

  /** Waits until the stream says the run is complete (run.finished arrived). */
  async waitForComplete(timeout = 60_000) {
    await this.page.locator('[data-testid="stream-state"]', { hasText: 'Complete' }).waitFor({ timeout })
  }
}
