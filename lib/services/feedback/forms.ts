/** The rating form's server-side contract (its action is `giveFeedbackAction` in app/runs/actions.ts). */
import { defineAction } from '../../boundary/actions/define'
import { feedbackInputSchema } from './feedback-input'
import { giveFeedback } from './give-feedback'

/** Rate a finished run or one of its attempts (thumbs up or down, a comment); recorded in the run's log. */
export const feedbackForm = defineAction({
  schema: feedbackInputSchema,
  permission: 'runs.feedback',
  handler: (input, caller) => giveFeedback(caller, input),
})
