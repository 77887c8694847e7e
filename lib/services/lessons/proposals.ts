import 'server-only'
import { writeAudit } from '../audit/write-audit'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { getPrisma } from '../../adapters/db/client'
import { AppError, notFound } from '../../errors'
import { requireRecordId } from '../../record-id'
import type { LessonView } from './lesson-view'
import { detectPersonalData, requireConfirmedPersonalData, type PersonalDataRange } from './personal-data'
import { SHARED_LESSON_TRANSACTION, insertSharedLesson } from './shared-lessons'

/** A proposal as the review page shows it, with what looks like personal data highlighted. */
export type ProposalView = {
  id: string
  lessonId: string
  content: string
  status: 'pending' | 'approved' | 'rejected'
  proposedBy: { id: string; name: string }
  personalData: PersonalDataRange[]
  reviewNote: string | null
  sharedLessonId: string | null
  createdAt: Date
  reviewedAt: Date | null
}

/** Proposals of the tenant (pending first by default), for lessons.curateShared. */
export async function listProposals(
  caller: Caller,
  options: { status?: ProposalView['status'] } = {},
): Promise<ProposalView[]> {
  requirePermission(caller, 'lessons.curateShared')
  const prisma = await getPrisma()
  const rows = await prisma.lessonProposal.findMany({
    where: { tenantId: caller.tenantId, status: options.status ?? 'pending' },
    orderBy: { createdAt: 'desc' },
    take: 200,
  })
  const users = await prisma.user.findMany({
    where: { id: { in: [...new Set(rows.map((row) => row.proposedById))] } },
    select: { id: true, name: true },
  })
  const names = new Map(users.map((user) => [user.id, user.name]))
  return rows.map((row) => ({
    id: row.id,
    lessonId: row.lessonId,
    content: row.content,
    status: row.status,
    proposedBy: { id: row.proposedById, name: names.get(row.proposedById) ?? 'unknown' },
    personalData: detectPersonalData(row.content),
    reviewNote: row.reviewNote,
    sharedLessonId: row.sharedLessonId,
    createdAt: row.createdAt,
    reviewedAt: row.reviewedAt,
  }))
}

async function pendingProposal(caller: Caller, proposalId: string) {
  requirePermission(caller, 'lessons.curateShared')
  requireRecordId(proposalId, 'proposal', 'proposalId')
  const prisma = await getPrisma()
  const proposal = await prisma.lessonProposal.findFirst({ where: { id: proposalId, tenantId: caller.tenantId } })
  if (!proposal) throw notFound()
  if (proposal.status !== 'pending') throw new AppError('conflict', `This proposal was already ${proposal.status}.`)
  return { prisma, proposal }
}

/** What the admin approves: the (possibly edited) text, the tags and task key the shared lesson gets. */
export type ApprovalInput = { content: string; tags?: string[]; taskKey?: string | null; confirmPersonalData?: boolean }

/**
 * Approves a proposal as a shared lesson (user key '*'), with the admin's (possibly edited) text,
 * tags and task key, and the provenance of the member's lesson (source run, attempt, score). Text
 * that still looks like personal data is refused unless `confirmPersonalData` is set. The shared
 * lesson, the proposal's approval and both audit entries are written in ONE transaction, with the
 * proposal row locked: if any part fails (a shared lesson with this text exists, a concurrent
 * review), nothing is written and the proposal stays pending.
 */
export async function approveProposal(caller: Caller, proposalId: string, input: ApprovalInput): Promise<LessonView> {
  const { prisma, proposal } = await pendingProposal(caller, proposalId)
  const personalDataConfirmed = requireConfirmedPersonalData(input.content, input.confirmPersonalData)
  return prisma.$transaction(async (tx) => {
    const [locked] = await tx.$queryRawUnsafe<{ status: string }[]>(
      `SELECT status::text AS status FROM lesson_proposals WHERE id = $1 AND tenant_id = $2 FOR UPDATE`,
      proposal.id,
      caller.tenantId,
    )
    if (!locked) throw notFound()
    if (locked.status !== 'pending') throw new AppError('conflict', `This proposal was already ${locked.status}.`)
    const source = await tx.lesson.findFirst({
      where: { id: proposal.lessonId, tenantId: caller.tenantId },
      select: { sourceRunId: true, sourceAttempt: true, sourceScore: true, tags: true, taskKey: true },
    })
    const lesson = await insertSharedLesson(tx, caller, {
      content: input.content,
      confirmPersonalData: input.confirmPersonalData,
      tags: input.tags ?? source?.tags,
      taskKey: input.taskKey === undefined ? source?.taskKey : input.taskKey,
      source: source
        ? { runId: source.sourceRunId, attempt: source.sourceAttempt, score: source.sourceScore }
        : undefined,
    })
    await tx.lessonProposal.update({
      where: { id: proposal.id },
      data: {
        status: 'approved',
        reviewedById: caller.userId,
        reviewedAt: new Date(),
        sharedLessonId: lesson.id,
        content: lesson.content,
      },
    })
    await writeAudit(
      tx,
      caller,
      'lesson.proposal_approved',
      { type: 'lesson_proposal', id: proposal.id },
      {
        sharedLessonId: lesson.id,
        edited: lesson.content !== proposal.content,
        personalDataConfirmed,
        sourceRunId: lesson.sourceRunId,
        tags: lesson.tags,
        taskKey: lesson.taskKey,
      },
    )
    return lesson
  }, SHARED_LESSON_TRANSACTION)
}

/** Rejects a proposal with a reason the member sees. Audited. */
export async function rejectProposal(caller: Caller, proposalId: string, reason: string): Promise<void> {
  const { prisma, proposal } = await pendingProposal(caller, proposalId)
  const note = reason.trim().slice(0, 1000)
  if (!note) throw new AppError('bad_request', 'Say why the proposal is rejected.', { reason: ['Write a reason.'] })
  await prisma.$transaction(async (tx) => {
    // Only a proposal still pending is rejected: a concurrent approval wins, and nothing is half-written.
    const { count } = await tx.lessonProposal.updateMany({
      where: { id: proposal.id, tenantId: caller.tenantId, status: 'pending' },
      data: { status: 'rejected', reviewedById: caller.userId, reviewedAt: new Date(), reviewNote: note },
    })
    if (count === 0) throw new AppError('conflict', 'This proposal was already reviewed.')
    await writeAudit(
      tx,
      caller,
      'lesson.proposal_rejected',
      { type: 'lesson_proposal', id: proposal.id },
      { reason: note },
    )
  })
}
