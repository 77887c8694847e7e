import { z } from 'zod'
import { defineAction } from '@/lib/actions/define'
import { feedbackInputSchema } from '@/lib/feedback/feedback-input'
import { giveFeedback } from '@/lib/feedback/give-feedback'
import { cancelRun } from '@/lib/runs/cancel-run'

/** Cancel a run: its owner, or anyone with `runs.cancelTenant` (cancelRun checks which; others get not found). */
export const cancelRunForm = defineAction({
  schema: z.object({
    runId: z.string({ error: 'Missing run.' }).trim().min(1, 'Missing run.').max(64, 'That is not a run id.'),
  }),
  handler: (input, caller) => cancelRun(caller, input.runId),
})

/** Rate a finished run or one of its attempts (thumbs up or down, a comment); recorded in the run's log. */
export const feedbackForm = defineAction({
  schema: feedbackInputSchema,
  permission: 'runs.feedback',
  handler: (input, caller) => giveFeedback(caller, input),
})
