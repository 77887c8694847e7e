'use server'

import { action } from '@/lib/actions/action'
import { cancelRunForm } from './run-forms'

/** Asks to cancel a queued or running run; the live timeline shows when it stops. */
export const cancelRunAction = action(cancelRunForm)
