import type { Db } from '../db/client'
import type { Memory } from '../reflexion/memory'

/** Working memory (named text blocks per user key) in working_memory_blocks, scoped to one tenant. */
export class PgMemory implements Memory {
  constructor(private readonly options: { prisma: Db; tenantId: string }) {}

  async getBlock(userKey: string, name: string): Promise<string | undefined> {
    const row = await this.options.prisma.workingMemoryBlock.findUnique({
      where: { tenantId_userKey_name: { tenantId: this.options.tenantId, userKey, name } },
      select: { content: true },
    })
    return row?.content
  }

  async setBlock(userKey: string, name: string, content: string): Promise<void> {
    const key = { tenantId: this.options.tenantId, userKey, name }
    await this.options.prisma.workingMemoryBlock.upsert({ where: { tenantId_userKey_name: key }, create: { ...key, content }, update: { content } })
  }

  async working(userKey: string): Promise<Record<string, string>> {
    const rows = await this.options.prisma.workingMemoryBlock.findMany({ where: { tenantId: this.options.tenantId, userKey }, select: { name: true, content: true } })
    return Object.fromEntries(rows.map((row) => [row.name, row.content]))
  }
}
