import 'server-only'
import crypto from 'node:crypto'
import type { Db } from '../../adapters/db/client'
import { appendBlockLine } from '../../core/reflexion/lesson-modes'
import type { BlockAppend, Memory } from '../../core/reflexion/memory'

/**
 * Working memory (named text blocks per user key) in working_memory_blocks, scoped to one tenant.
 * `appendLine` is a read-modify-write under the block's row lock, so concurrent runs of one user
 * appending lessons to the monotonic block never lose one another's lines.
 */
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
    await this.options.prisma.workingMemoryBlock.upsert({
      where: { tenantId_userKey_name: key },
      create: { ...key, content },
      update: { content },
    })
  }

  async appendLine(userKey: string, name: string, line: string, maxLines: number): Promise<BlockAppend> {
    const { tenantId } = this.options
    return this.options.prisma.$transaction(async (tx) => {
      // The row must exist to be locked: create it empty (a concurrent creator wins, both then lock it).
      await tx.$executeRawUnsafe(
        `INSERT INTO working_memory_blocks (id, tenant_id, user_key, name, content, updated_at) VALUES ($1, $2, $3, $4, '', now() AT TIME ZONE 'UTC')
         ON CONFLICT (tenant_id, user_key, name) DO NOTHING`,
        crypto.randomUUID(),
        tenantId,
        userKey,
        name,
      )
      const [row] = await tx.$queryRawUnsafe<{ id: string; content: string }[]>(
        'SELECT id, content FROM working_memory_blocks WHERE tenant_id = $1 AND user_key = $2 AND name = $3 FOR UPDATE',
        tenantId,
        userKey,
        name,
      )
      const result = appendBlockLine(row.content, line, maxLines)
      if (!result.duplicate) {
        await tx.$executeRawUnsafe(
          `UPDATE working_memory_blocks SET content = $1, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $2`,
          result.lines.join('\n'),
          row.id,
        )
      }
      return result
    })
  }

  async working(userKey: string): Promise<Record<string, string>> {
    const rows = await this.options.prisma.workingMemoryBlock.findMany({
      where: { tenantId: this.options.tenantId, userKey },
      select: { name: true, content: true },
    })
    return Object.fromEntries(rows.map((row) => [row.name, row.content]))
  }
}
