'use server'

import { action } from '@/lib/boundary/actions/action'
import { feedbackForm } from '@/lib/services/feedback/forms'
import { cancelRunForm } from '@/lib/services/runs/forms'

/** Asks to cancel a queued or running run; the live timeline shows when it stops. */
export const cancelRunAction = action(cancelRunForm)

/** Records a rating of a finished run or attempt; the run page shows it on reload. */
export const giveFeedbackAction = action(feedbackForm)
