import 'server-only'
import { writeAudit } from '../audit/write-audit'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { getPrisma } from '../../adapters/db/client'
import { AppError, notFound } from '../../errors'
import { requireRecordId } from '../../record-id'
import { normaliseLesson } from '../../core/reflexion/lesson-text'
import { SHARED_LESSON } from '../../core/reflexion/lesson-modes'
import type { Db } from '../../adapters/db/client'
import { tenantSecrets } from '../../adapters/models/tenant-secrets'
import { tenantLessonStore } from './tenant-lessons'
import { MAX_TAGS, normaliseTags } from '../../core/reflexion/lesson-labels'
import { requireConfirmedPersonalData } from './personal-data'
import { contentFilter, lessonSelect, toLessonView, writeEmbedding, type LessonView } from './lesson-view'
import type { LessonDb } from './pg-lesson-store'

/**
 * Writing a shared lesson embeds it inside the transaction: the first embedding of a process loads
 * the sentence encoder (seconds on a busy machine), longer than Prisma's 5 s default.
 */
export const SHARED_LESSON_TRANSACTION = { timeout: 30_000, maxWait: 10_000 }

/** What an admin writes for a shared lesson. */
export type SharedLessonInput = {
  content: string
  tags?: string[]
  taskKey?: string | null
  expiresAt?: Date | null
  /** The admin confirmed that what looks like personal data may go into every member's prompt. */
  confirmPersonalData?: boolean
}

function checkContent(content: string): string {
  const text = content.trim()
  if (text.length < 3 || text.length > 500)
    throw new AppError('bad_request', 'A lesson is one sentence of 3 to 500 characters.', {
      content: ['Write 3 to 500 characters.'],
    })
  return text
}

const cleanTags = (tags: string[] | undefined) => normaliseTags(tags).slice(0, MAX_TAGS)

/** The tenant's shared lessons (recalled by everyone's runs), active only unless `includeRetired`. */
export async function listSharedLessons(
  caller: Caller,
  options: { q?: string; includeRetired?: boolean } = {},
): Promise<LessonView[]> {
  requirePermission(caller, 'lessons.readShared')
  const prisma = await getPrisma()
  const rows = await prisma.lesson.findMany({
    where: {
      tenantId: caller.tenantId,
      userKey: SHARED_LESSON,
      ...(options.includeRetired ? {} : { status: 'active' }),
      ...contentFilter(options.q),
    },
    select: lessonSelect,
    orderBy: { createdAt: 'desc' },
    take: 500,
  })
  return rows.map(toLessonView)
}

/** Where a shared lesson came from, when it was a member's lesson: the run, attempt and score that produced it. */
export type SharedLessonSource = { runId: string | null; attempt: number | null; score: number | null }

/**
 * Inserts a shared lesson inside the caller's transaction (embedded for recall, with its provenance
 * and the admin's tags and task key) and audits it there; the text is checked for a duplicate under
 * a per-text lock, so a second shared lesson with the same text is a conflict, never a silent reuse.
 */
export async function insertSharedLesson(
  tx: LessonDb,
  caller: Caller,
  input: SharedLessonInput & { source?: SharedLessonSource },
): Promise<LessonView> {
  const content = checkContent(input.content)
  const personalDataConfirmed = requireConfirmedPersonalData(content, input.confirmPersonalData)
  const normalized = normaliseLesson(content)
  await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock(7011, hashtext($1))', `${caller.tenantId}:${normalized}`)
  const existing = await tx.lesson.findFirst({
    where: { tenantId: caller.tenantId, userKey: SHARED_LESSON, normalized },
    select: { id: true },
  })
  if (existing) throw new AppError('conflict', 'A shared lesson with this text already exists.')
  const store = await tenantLessonStore(tx, caller.tenantId, { secrets: tenantSecrets(tx as Db, caller.tenantId) })
  const source = input.source
  const metadata = {
    user_id: SHARED_LESSON,
    tags: cleanTags(input.tags),
    task_key: input.taskKey ?? undefined,
    created_by: caller.userId,
    ...(source && {
      run_id: source.runId ?? undefined,
      attempt: source.attempt ?? undefined,
      score: source.score ?? undefined,
    }),
  }
  const [id] = await store.add([{ content, metadata }])
  const row = await tx.lesson.update({
    where: { id },
    data: { expiresAt: input.expiresAt ?? null },
    select: lessonSelect,
  })
  await writeAudit(
    tx,
    caller,
    'lesson.shared_created',
    { type: 'lesson', id },
    {
      content,
      tags: row.tags,
      taskKey: row.taskKey,
      ...(source?.runId && { sourceRunId: source.runId }),
      ...(personalDataConfirmed && { personalDataConfirmed }),
    },
  )
  return toLessonView(row)
}

/** Creates a shared lesson (lessons.curateShared), embedded for recall; audited in the same transaction. A duplicate text is a conflict. */
export async function createSharedLesson(caller: Caller, input: SharedLessonInput): Promise<LessonView> {
  requirePermission(caller, 'lessons.curateShared')
  const prisma = await getPrisma()
  return prisma.$transaction((tx) => insertSharedLesson(tx, caller, input), SHARED_LESSON_TRANSACTION)
}

async function sharedLesson(caller: Caller, lessonId: string) {
  requirePermission(caller, 'lessons.curateShared')
  requireRecordId(lessonId, 'lesson', 'lessonId')
  const prisma = await getPrisma()
  const row = await prisma.lesson.findFirst({
    where: { id: lessonId, tenantId: caller.tenantId, userKey: SHARED_LESSON },
    select: lessonSelect,
  })
  if (!row) throw notFound()
  return { prisma, row }
}

/** Edits a shared lesson (re-embedded when its text changes); the change and its audit entry are written in one transaction. */
export async function updateSharedLesson(
  caller: Caller,
  lessonId: string,
  input: Partial<SharedLessonInput>,
): Promise<LessonView> {
  const { prisma, row: before } = await sharedLesson(caller, lessonId)
  const content = input.content === undefined ? before.content : checkContent(input.content)
  if (content !== before.content) requireConfirmedPersonalData(content, input.confirmPersonalData)
  const normalized = normaliseLesson(content)
  return prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock(7011, hashtext($1))', `${caller.tenantId}:${normalized}`)
    const clash = await tx.lesson.findFirst({
      where: { tenantId: caller.tenantId, userKey: SHARED_LESSON, normalized, id: { not: lessonId } },
      select: { id: true },
    })
    if (clash) throw new AppError('conflict', 'A shared lesson with this text already exists.')
    const row = await tx.lesson.update({
      where: { id: lessonId },
      data: {
        content,
        normalized,
        ...(input.tags !== undefined && { tags: cleanTags(input.tags) }),
        ...(input.taskKey !== undefined && { taskKey: input.taskKey }),
        ...(input.expiresAt !== undefined && { expiresAt: input.expiresAt }),
      },
      select: lessonSelect,
    })
    if (content !== before.content) await writeEmbedding(tx, caller.tenantId, lessonId, content)
    await writeAudit(
      tx,
      caller,
      'lesson.shared_updated',
      { type: 'lesson', id: lessonId },
      {
        before: { content: before.content, tags: before.tags, taskKey: before.taskKey },
        after: { content, tags: row.tags, taskKey: row.taskKey },
      },
    )
    return toLessonView(row)
  })
}

/** Retires a shared lesson: no run recalls it any more; audited. */
export async function retireSharedLesson(caller: Caller, lessonId: string): Promise<LessonView> {
  const { prisma } = await sharedLesson(caller, lessonId)
  return prisma.$transaction(async (tx) => {
    const row = await tx.lesson.update({ where: { id: lessonId }, data: { status: 'retired' }, select: lessonSelect })
    await writeAudit(tx, caller, 'lesson.shared_retired', { type: 'lesson', id: lessonId }, { content: row.content })
    return toLessonView(row)
  })
}
