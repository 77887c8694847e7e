import 'server-only'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { can } from '../auth/permissions'
import { getDatabase, getPrisma } from '../../adapters/db/client'
import { AppError, notFound } from '../../errors'
import { requireRecordId } from '../../record-id'
import { redactRunText, runRedactorFor } from '../runs/caller-redaction'
import { normaliseLesson } from '../../core/reflexion/lesson-text'
import { announceProposalCreated } from '../webhooks/announcements'
import { contentFilter, lessonSelect, toLessonView, writeEmbedding, type LessonView } from './lesson-view'

/** The caller's own lessons (active and retired), newest first. */
export async function listMyLessons(caller: Caller, options: { q?: string } = {}): Promise<LessonView[]> {
  requirePermission(caller, 'lessons.manageOwn')
  const prisma = await getPrisma()
  const rows = await prisma.lesson.findMany({
    where: { tenantId: caller.tenantId, userKey: caller.userId, ...contentFilter(options.q) },
    select: lessonSelect,
    orderBy: { createdAt: 'desc' },
    take: 500,
  })
  return rows.map(toLessonView)
}

/**
 * One lesson: the caller's own, a shared one of the tenant, or (lessons.readTenant: admins, support) any
 * member's lesson of the tenant, read only; anything else is notFound(). A lesson is written from a
 * run, so a caller who reads runs redacted (support) reads its text redacted too.
 */
export async function getLesson(caller: Caller, lessonId: string): Promise<LessonView> {
  requireRecordId(lessonId, 'lesson', 'lessonId')
  const prisma = await getPrisma()
  const keys = [
    ...(can(caller.role, 'lessons.manageOwn') ? [caller.userId] : []),
    ...(can(caller.role, 'lessons.readShared') ? ['*'] : []),
  ]
  const row = await prisma.lesson.findFirst({
    where: {
      id: lessonId,
      tenantId: caller.tenantId,
      ...(can(caller.role, 'lessons.readTenant') ? {} : { userKey: { in: keys } }),
    },
    select: lessonSelect,
  })
  if (!row) throw notFound()
  const redactor = await runRedactorFor(caller)
  const view = toLessonView(row)
  return {
    ...view,
    content: redactRunText(view.content, redactor),
    sourceNote: redactRunText(view.sourceNote, redactor),
  }
}

async function ownLesson(caller: Caller, lessonId: string) {
  requirePermission(caller, 'lessons.manageOwn')
  requireRecordId(lessonId, 'lesson', 'lessonId')
  const prisma = await getPrisma()
  const row = await prisma.lesson.findFirst({
    where: { id: lessonId, tenantId: caller.tenantId, userKey: caller.userId },
    select: { id: true },
  })
  if (!row) throw notFound()
  return prisma
}

/** Rewrites one of the caller's lessons (re-embedded); the same text twice is a conflict. */
export async function updateMyLesson(
  caller: Caller,
  lessonId: string,
  input: { content: string },
): Promise<LessonView> {
  const prisma = await ownLesson(caller, lessonId)
  const content = input.content.trim()
  if (content.length < 3 || content.length > 500)
    throw new AppError('bad_request', 'A lesson is one sentence of 3 to 500 characters.', {
      content: ['Write 3 to 500 characters.'],
    })
  const normalized = normaliseLesson(content)
  const duplicate = await prisma.lesson.findFirst({
    where: { tenantId: caller.tenantId, userKey: caller.userId, normalized, id: { not: lessonId } },
    select: { id: true },
  })
  if (duplicate) throw new AppError('conflict', 'You already have this lesson.')
  const row = await prisma.lesson.update({
    where: { id: lessonId },
    data: { content, normalized },
    select: lessonSelect,
  })
  await writeEmbedding(prisma, caller.tenantId, lessonId, content)
  return toLessonView(row)
}

/** Deletes one of the caller's lessons (its recall statistics go with it). */
export async function deleteMyLesson(caller: Caller, lessonId: string): Promise<void> {
  const prisma = await ownLesson(caller, lessonId)
  await prisma.lesson.delete({ where: { id: lessonId } })
}

/** Proposes one of the caller's lessons for sharing: a pending proposal admins review (one at a time per lesson). */
export async function proposeLesson(caller: Caller, lessonId: string): Promise<{ proposalId: string }> {
  const prisma = await ownLesson(caller, lessonId)
  const lesson = await prisma.lesson.findUniqueOrThrow({ where: { id: lessonId }, select: { content: true } })
  const pending = await prisma.lessonProposal.findFirst({
    where: { tenantId: caller.tenantId, lessonId, status: 'pending' },
    select: { id: true },
  })
  if (pending) return { proposalId: pending.id }
  const proposal = await prisma.lessonProposal.create({
    data: { tenantId: caller.tenantId, lessonId, proposedById: caller.userId, content: lesson.content },
  })
  announceProposalCreated(await getDatabase(), proposal)
  return { proposalId: proposal.id }
}
