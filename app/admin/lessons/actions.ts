'use server'

import { action } from '@/lib/boundary/actions/action'
import {
  createSharedLessonForm,
  restoreSharedLessonForm,
  retireSharedLessonForm,
  updateSharedLessonForm,
} from '@/lib/services/curation/shared-lesson-forms'

const revalidate = ['/admin/lessons', '/lessons', '/admin/effect']

/** Creates a shared lesson (audited). */
export const createSharedLessonAction = action(createSharedLessonForm, { revalidate })

/** Edits a shared lesson (audited, re-embedded). */
export const updateSharedLessonAction = action(updateSharedLessonForm, { revalidate })

/** Retires a shared lesson (audited). */
export const retireSharedLessonAction = action(retireSharedLessonForm, { revalidate })

/** Restores a retired shared lesson (audited). */
export const restoreSharedLessonAction = action(restoreSharedLessonForm, { revalidate })
