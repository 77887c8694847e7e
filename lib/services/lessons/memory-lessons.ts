import 'server-only'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { getPrisma } from '../../adapters/db/client'
import { AppError, notFound } from '../../errors'
import { blockLines, normaliseLesson } from '../../core/reflexion/lesson-text'

/**
 * The lessons of monotonic mode: lines of the caller's `reflexion_lessons` working-memory block (the block the
 * product's runs use). They are not rows of the lesson table, so /lessons lists and edits them here.
 */

/** The working-memory block monotonic runs write their lessons to. */
export const MEMORY_LESSONS_BLOCK = 'reflexion_lessons'

/** The caller's monotonic-mode lessons, oldest first (the order the agent reads them in). */
export async function listMyMemoryLessons(caller: Caller): Promise<string[]> {
  requirePermission(caller, 'lessons.manageOwn')
  const prisma = await getPrisma()
  const block = await prisma.workingMemoryBlock.findUnique({
    where: { tenantId_userKey_name: { tenantId: caller.tenantId, userKey: caller.userId, name: MEMORY_LESSONS_BLOCK } },
    select: { content: true },
  })
  return blockLines(block?.content)
}

/**
 * Rewrites (or, with an empty `content`, deletes) one line of the caller's block, found by its current text;
 * the block row is locked, so a run appending at the same moment loses nothing. A line that is gone is notFound.
 */
export async function editMyMemoryLesson(caller: Caller, original: string, content: string): Promise<void> {
  requirePermission(caller, 'lessons.manageOwn')
  const prisma = await getPrisma()
  await prisma.$transaction(async (tx) => {
    const [row] = await tx.$queryRawUnsafe<{ id: string; content: string }[]>(
      'SELECT id, content FROM working_memory_blocks WHERE tenant_id = $1 AND user_key = $2 AND name = $3 FOR UPDATE',
      caller.tenantId,
      caller.userId,
      MEMORY_LESSONS_BLOCK,
    )
    const lines = blockLines(row?.content)
    const position = lines.indexOf(original.trim())
    if (!row || position === -1) throw notFound()
    const text = content.trim()
    if (text && lines.some((line, index) => index !== position && normaliseLesson(line) === normaliseLesson(text)))
      throw new AppError('conflict', 'You already have this lesson.', {
        content: ['This lesson is already in the list.'],
      })
    const next = text
      ? lines.map((line, index) => (index === position ? text : line))
      : lines.filter((_, index) => index !== position)
    await tx.workingMemoryBlock.update({ where: { id: row.id }, data: { content: next.join('\n') } })
  })
}
