/** Per-user working memory made of named text blocks; the product implements it on PostgreSQL. */
export interface Memory {
  getBlock(userKey: string, name: string): Promise<string | undefined>
  setBlock(userKey: string, name: string, content: string): Promise<void>
  /** Every block of the user, by name. */
  working(userKey: string): Promise<Record<string, string>>
}

/** Working memory kept in process memory, isolated per user key. */
export class InMemoryMemory implements Memory {
  private readonly users = new Map<string, Map<string, string>>()

  async getBlock(userKey: string, name: string): Promise<string | undefined> {
    return this.users.get(userKey)?.get(name)
  }

  async setBlock(userKey: string, name: string, content: string): Promise<void> {
    const blocks = this.users.get(userKey) ?? new Map<string, string>()
    blocks.set(name, content)
    this.users.set(userKey, blocks)
  }

  async working(userKey: string): Promise<Record<string, string>> {
    return Object.fromEntries(this.users.get(userKey) ?? [])
  }
}
