import { z } from 'zod'
import { defineAction } from '@/lib/actions/define'
import { cancelRun } from '@/lib/runs/cancel-run'

/** Cancel a run: its owner, or anyone with `runs.cancelTenant` (cancelRun checks which; others get not found). */
export const cancelRunForm = defineAction({
  schema: z.object({
    runId: z.string({ error: 'Missing run.' }).trim().min(1, 'Missing run.').max(64, 'That is not a run id.'),
  }),
  handler: (input, caller) => cancelRun(caller, input.runId),
})
