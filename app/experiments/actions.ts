'use server'

import { action } from '@/lib/boundary/actions/action'
import { cancelExperimentForm, testLessonForm } from '@/lib/services/experiments/forms'

/** Cancels a running experiment (its unfinished runs stop; finished ones keep their results). */
export const cancelExperimentAction = action(cancelExperimentForm, { revalidate: ['/datasets'] })

/** "Test this lesson": a dataset from past runs and a two-arm experiment in one click. */
export const testLessonAction = action(testLessonForm, { revalidate: ['/datasets', '/admin/effect'] })
