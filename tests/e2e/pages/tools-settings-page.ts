import type { Page } from 'playwright-core'

/** /settings/tools: built-in tools, MCP servers and their tools, each with its switch. */
export class ToolsSettingsPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/settings/tools')
    await this.page.getByRole('heading', { name: 'Tools', exact: true }).waitFor()
  }

  /** Registers an MCP server and waits until the form says it was saved; returns that message. */
  async addServer(server: { name: string; url: string; headers?: string }): Promise<string> {
    const form = this.page.getByTestId('add-server-form')
    await form.getByLabel('Name', { exact: true }).fill(server.name)
    await form.getByLabel('URL').fill(server.url)
    if (server.headers) await form.getByLabel('Headers (optional)').fill(server.headers)
    await form.getByRole('button', { name: 'Add server' }).click()
    const status = form.locator('[data-testid="form-success"], [role="alert"]').first()
    await status.waitFor({ timeout: 30_000 })
    return (await status.innerText()).trim()
  }

  tool(name: string) {
    return this.page.getByTestId(`tool-${name}`)
  }

  /** Switches a tool on and waits until its row says Enabled. */
  async enable(name: string) {
    await this.tool(name)
      .getByRole('button', { name: `Enable ${name}` })
      .click()
    await this.tool(name).getByTestId('tool-state').filter({ hasText: 'Enabled' }).waitFor()
  }
}
