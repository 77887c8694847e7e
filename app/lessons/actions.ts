'use server'

import { action } from '@/lib/boundary/actions/action'
import {
  deleteMemoryLessonForm,
  deleteMyLessonForm,
  editMemoryLessonForm,
  proposeLessonForm,
  updateMyLessonForm,
} from '@/lib/services/curation/lesson-forms'

const revalidate = ['/lessons', '/lessons/[id]']

/** Rewrites one of the caller's lessons. */
export const updateMyLessonAction = action(updateMyLessonForm, { revalidate })

/** Deletes one of the caller's lessons. */
export const deleteMyLessonAction = action(deleteMyLessonForm, { revalidate })

/** Proposes one of the caller's lessons for sharing. */
export const proposeLessonAction = action(proposeLessonForm, { revalidate: [...revalidate, '/admin/review'] })

/** Rewrites one of the caller's monotonic-mode lessons (a line of their memory block). */
export const editMemoryLessonAction = action(editMemoryLessonForm, { revalidate })

/** Deletes one of the caller's monotonic-mode lessons. */
export const deleteMemoryLessonAction = action(deleteMemoryLessonForm, { revalidate })
