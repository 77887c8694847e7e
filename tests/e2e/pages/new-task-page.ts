import type { Page } from 'playwright-core'

/** /tasks/new: a template, the fields, and Start run. */
export class NewTaskPage {
  constructor(readonly page: Page) {}

  async open(template?: string) {
    await this.page.goto(template ? `/tasks/new?template=${template}` : '/tasks/new')
    await this.page.getByRole('heading', { name: 'New task', exact: true }).waitFor()
  }

  /** Submits and waits for the run page; returns the run id. */
  async start(): Promise<string> {
    await this.page.getByRole('button', { name: 'Start run' }).click()
    await this.page.waitForURL((url) => /^\/runs\/[^/]+$/.test(url.pathname), { timeout: 30_000 })
    return new URL(this.page.url()).pathname.split('/')[2]
  }
}
