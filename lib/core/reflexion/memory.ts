/** What appending a line to a block did: the block's lines after it, whether it was a duplicate, what was dropped. */
export type BlockAppend = { lines: string[]; duplicate: boolean; dropped: string[] }

/** Per-user working memory made of named text blocks; the product implements it on PostgreSQL. */
export interface Memory {
  getBlock(userKey: string, name: string): Promise<string | undefined>
  setBlock(userKey: string, name: string, content: string): Promise<void>
  /**
   * Optional atomic append: adds `line` unless the block holds it already (normalised), then keeps
   * the newest `maxLines`. A store shared by concurrent runs implements it so no append is lost;
   * without it the engine reads, changes and writes the block.
   */
  appendLine?(userKey: string, name: string, line: string, maxLines: number): Promise<BlockAppend>
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
