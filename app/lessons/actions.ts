'use server'

import { action } from '@/lib/actions/action'
import { deleteMyLessonForm, proposeLessonForm, updateMyLessonForm } from '@/lib/curation/lesson-forms'

const revalidate = ['/lessons', '/lessons/[id]']

/** Rewrites one of the caller's lessons. */
export const updateMyLessonAction = action(updateMyLessonForm, { revalidate })

/** Deletes one of the caller's lessons. */
export const deleteMyLessonAction = action(deleteMyLessonForm, { revalidate })

/** Proposes one of the caller's lessons for sharing. */
export const proposeLessonAction = action(proposeLessonForm, { revalidate: [...revalidate, '/admin/review'] })
