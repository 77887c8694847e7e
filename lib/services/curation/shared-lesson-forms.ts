import 'server-only'
import { z } from 'zod'
import { defineAction } from '../../boundary/actions/define'
import { restoreSharedLesson } from '../lessons/curation'
import { createSharedLesson, retireSharedLesson, updateSharedLesson } from '../lessons/shared-lessons'
import { checkboxField, expiryField, idField, lessonTextField, tagsField, taskKeyField } from './fields'

/** The admin's forms over the shared-lesson library (user key '*'). Each service call is audited. */

const sharedLessonFields = {
  content: lessonTextField,
  tags: tagsField,
  taskKey: taskKeyField,
  expiresAt: expiryField,
  confirmPersonalData: checkboxField,
}

/** Create a shared lesson with optional tags, task key and expiry. */
export const createSharedLessonForm = defineAction({
  permission: 'lessons.curateShared',
  schema: z.object(sharedLessonFields),
  handler: async (input, caller) => {
    const lesson = await createSharedLesson(caller, input)
    return { id: lesson.id }
  },
})

/** Edit a shared lesson's text, tags, task key and expiry (re-embedded when the text changes). */
export const updateSharedLessonForm = defineAction({
  permission: 'lessons.curateShared',
  schema: z.object({ lessonId: idField('lesson'), ...sharedLessonFields }),
  handler: async ({ lessonId, ...input }, caller) => {
    const lesson = await updateSharedLesson(caller, lessonId, input)
    return { id: lesson.id }
  },
})

/** Retire a shared lesson: no run recalls it any more. */
export const retireSharedLessonForm = defineAction({
  permission: 'lessons.curateShared',
  schema: z.object({ lessonId: idField('lesson') }),
  handler: async (input, caller) => {
    await retireSharedLesson(caller, input.lessonId)
  },
})

/** Restore a retired shared lesson. */
export const restoreSharedLessonForm = defineAction({
  permission: 'lessons.curateShared',
  schema: z.object({ lessonId: idField('lesson') }),
  handler: async (input, caller) => {
    await restoreSharedLesson(caller, input.lessonId)
  },
})
