import 'server-only'
import { writeAudit } from '../audit/write-audit'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { getPrisma } from '../../adapters/db/client'
import { AppError, notFound } from '../../errors'
import { requireRecordId } from '../../record-id'
import { SHARED_LESSON } from '../../core/reflexion/lesson-modes'
import { lessonSelect, toLessonView, type LessonView } from './lesson-view'

/**
 * Curation pieces the pages need beyond lib/services/lessons/queries: a member's own proposals (with the
 * admin's reason when rejected) and restoring a retired shared lesson. Caller-scoped like the rest.
 */

/** The latest proposal of one of the caller's lessons, as /lessons shows it. */
export type MyProposal = {
  id: string
  lessonId: string
  status: 'pending' | 'approved' | 'rejected'
  reviewNote: string | null
  createdAt: Date
  reviewedAt: Date | null
}

/** The caller's proposals, newest first, one per lesson (the latest). */
export async function listMyProposals(caller: Caller): Promise<Map<string, MyProposal>> {
  requirePermission(caller, 'lessons.manageOwn')
  const prisma = await getPrisma()
  const rows = await prisma.lessonProposal.findMany({
    where: { tenantId: caller.tenantId, proposedById: caller.userId },
    select: { id: true, lessonId: true, status: true, reviewNote: true, createdAt: true, reviewedAt: true },
    orderBy: { createdAt: 'desc' },
    take: 1000,
  })
  const latest = new Map<string, MyProposal>()
  for (const row of rows) if (!latest.has(row.lessonId)) latest.set(row.lessonId, row)
  return latest
}

/** Puts a retired shared lesson back into recall (lessons.curateShared); audited in the same transaction. */
export async function restoreSharedLesson(caller: Caller, lessonId: string): Promise<LessonView> {
  requirePermission(caller, 'lessons.curateShared')
  requireRecordId(lessonId, 'lesson', 'lessonId')
  const prisma = await getPrisma()
  return prisma.$transaction(async (tx) => {
    const lesson = await tx.lesson.findFirst({
      where: { id: lessonId, tenantId: caller.tenantId, userKey: SHARED_LESSON },
      select: { status: true },
    })
    if (!lesson) throw notFound()
    if (lesson.status === 'active') throw new AppError('conflict', 'This lesson is already active.')
    const row = await tx.lesson.update({ where: { id: lessonId }, data: { status: 'active' }, select: lessonSelect })
    await writeAudit(tx, caller, 'lesson.shared_restored', { type: 'lesson', id: lessonId }, { content: row.content })
    return toLessonView(row)
  })
}

/** Where a proposed lesson came from: its source run, attempt and score (null when the lesson is gone or had none). */
export type ProposalSource = {
  sourceRunId: string | null
  sourceAttempt: number | null
  sourceScore: number | null
  tags: string[]
  taskKey: string | null
}

/** The provenance of the lessons behind proposals, for the review queue (lessons.curateShared). */
export async function proposalSources(caller: Caller, lessonIds: string[]): Promise<Map<string, ProposalSource>> {
  requirePermission(caller, 'lessons.curateShared')
  if (lessonIds.length === 0) return new Map()
  const prisma = await getPrisma()
  const rows = await prisma.lesson.findMany({
    where: { tenantId: caller.tenantId, id: { in: lessonIds } },
    select: { id: true, sourceRunId: true, sourceAttempt: true, sourceScore: true, tags: true, taskKey: true },
  })
  return new Map(rows.map(({ id, ...source }) => [id, source]))
}
