import 'server-only'
import { z } from 'zod'
import { defineAction } from '../../boundary/actions/define'
import { editMyMemoryLesson } from '../lessons/memory-lessons'
import { deleteMyLesson, proposeLesson, updateMyLesson } from '../lessons/my-lessons'
import { idField, lessonTextField } from './fields'

/** A member's forms over their own lessons: edit, delete, propose for sharing. */

/** Rewrite one of my lessons (re-embedded). */
export const updateMyLessonForm = defineAction({
  permission: 'lessons.manageOwn',
  schema: z.object({ lessonId: idField('lesson'), content: lessonTextField }),
  handler: async (input, caller) => {
    const lesson = await updateMyLesson(caller, input.lessonId, { content: input.content })
    return { id: lesson.id, content: lesson.content }
  },
})

/** Delete one of my lessons. */
export const deleteMyLessonForm = defineAction({
  permission: 'lessons.manageOwn',
  schema: z.object({ lessonId: idField('lesson') }),
  handler: (input, caller) => deleteMyLesson(caller, input.lessonId),
})

/** Propose one of my lessons for sharing (a pending proposal that admins review). */
export const proposeLessonForm = defineAction({
  permission: 'lessons.manageOwn',
  schema: z.object({ lessonId: idField('lesson') }),
  handler: (input, caller) => proposeLesson(caller, input.lessonId),
})

/** Rewrite one of my monotonic-mode lessons (a line of my memory block), found by its current text. */
export const editMemoryLessonForm = defineAction({
  permission: 'lessons.manageOwn',
  schema: z.object({
    original: z.string({ error: 'Missing lesson.' }).trim().min(1, 'Missing lesson.').max(2000),
    content: lessonTextField,
  }),
  handler: (input, caller) => editMyMemoryLesson(caller, input.original, input.content),
})

/** Delete one of my monotonic-mode lessons. */
export const deleteMemoryLessonForm = defineAction({
  permission: 'lessons.manageOwn',
  schema: z.object({ original: z.string({ error: 'Missing lesson.' }).trim().min(1, 'Missing lesson.').max(2000) }),
  handler: (input, caller) => editMyMemoryLesson(caller, input.original, ''),
})
