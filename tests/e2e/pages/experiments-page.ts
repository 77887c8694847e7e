import type { Page } from 'playwright-core'

/** A dataset page (/datasets/[id]): its tasks and the Start an experiment form. */
export class DatasetPage {
  constructor(readonly page: Page) {}

  async open(datasetId: string) {
    await this.page.goto(`/datasets/${datasetId}`)
    await this.page.getByTestId('dataset-items').waitFor()
  }

  /** The titles (or prompts) of the tasks, in order. */
  async taskTexts(): Promise<string[]> {
    return (await this.page.getByTestId('dataset-items').locator('li > div > p:first-child').allInnerTexts()).map(
      (text) => text.replace(/^\d+\.\s*/, ''),
    )
  }

  /** Starts an experiment of no lessons against the lessons ticked by text; returns the experiment id. */
  async startExperiment(options: { name: string; lessons: string[]; attempts: number }): Promise<string> {
    const form = this.page.getByTestId('start-experiment')
    await form.getByLabel('Experiment name').fill(options.name)
    for (const lesson of options.lessons) await form.getByLabel(lesson).check()
    await form.getByLabel(/Attempts per run/).fill(String(options.attempts))
    await form.getByRole('button', { name: 'Start experiment' }).click()
    await this.page.waitForURL((url) => /^\/experiments\/[^/]+$/.test(url.pathname), { timeout: 30_000 })
    return new URL(this.page.url()).pathname.split('/')[2]
  }
}

/** An experiment page (/experiments/[id]): progress, verdicts, arms and tasks side by side. */
export class ExperimentPage {
  constructor(readonly page: Page) {}

  async open(experimentId: string) {
    await this.page.goto(`/experiments/${experimentId}`)
    await this.page.getByTestId('experiment-state').waitFor()
  }

  async status(): Promise<string | null> {
    return this.page.getByTestId('experiment-state').getAttribute('data-status')
  }

  /** Waits until the experiment is no longer running (the page refreshes itself while it runs). */
  async waitForEnd(timeout = 120_000): Promise<string> {
    const deadline = Date.now() + timeout
    for (;;) {
      const status = await this.status().catch(() => null)
      if (status && status !== 'running') return status
      if (Date.now() > deadline) throw new Error(`the experiment is still ${status} after ${timeout} ms`)
      await this.page.waitForTimeout(500)
    }
  }

  async verdicts(): Promise<string> {
    return this.page.getByTestId('verdicts').innerText()
  }
}
