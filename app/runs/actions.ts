'use server'

import { action } from '@/lib/actions/action'
import { feedbackForm } from '@/lib/feedback/forms'
import { cancelRunForm } from '@/lib/runs/forms'

/** Asks to cancel a queued or running run; the live timeline shows when it stops. */
export const cancelRunAction = action(cancelRunForm)

/** Records a rating of a finished run or attempt; the run page shows it on reload. */
export const giveFeedbackAction = action(feedbackForm)
