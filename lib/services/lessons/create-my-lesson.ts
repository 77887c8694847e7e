import 'server-only'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { getPrisma } from '../../adapters/db/client'
import { AppError } from '../../errors'
import { normaliseLesson } from '../../core/reflexion/lesson-text'
import { defaultEmbedder } from './embedders'
import { lessonSelect, toLessonView, type LessonView } from './lesson-view'
import { PgLessonStore } from './pg-lesson-store'

/** A lesson a member writes by hand: one sentence, found by its tags or task key (untagged lessons are never recalled). */
export type MyLessonInput = { content: string; tags: string[]; taskKey?: string | null }

/** Adds a personal lesson for the caller (lessons.manageOwn), embedded for recall; the same text twice is a conflict. */
export async function createMyLesson(caller: Caller, input: MyLessonInput): Promise<LessonView> {
  requirePermission(caller, 'lessons.manageOwn')
  const content = input.content.trim()
  if (content.length < 3 || content.length > 500)
    throw new AppError('bad_request', 'A lesson is one sentence of 3 to 500 characters.', {
      content: ['Write 3 to 500 characters.'],
    })
  if (input.tags.length === 0 && !input.taskKey)
    throw new AppError('bad_request', 'A lesson needs a tag or a task key: untagged lessons are never recalled.', {
      tags: ['add at least one tag, or a taskKey'],
    })
  const prisma = await getPrisma()
  const existing = await prisma.lesson.findFirst({
    where: { tenantId: caller.tenantId, userKey: caller.userId, normalized: normaliseLesson(content) },
    select: { id: true },
  })
  if (existing) throw new AppError('conflict', 'You already have this lesson.')
  const store = new PgLessonStore({ prisma, tenantId: caller.tenantId, embedder: defaultEmbedder() })
  const [id] = await store.add([
    {
      content,
      metadata: {
        user_id: caller.userId,
        tags: input.tags,
        task_key: input.taskKey ?? undefined,
        created_by: caller.userId,
      },
    },
  ])
  return toLessonView(await prisma.lesson.findUniqueOrThrow({ where: { id }, select: lessonSelect }))
}
