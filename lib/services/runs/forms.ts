import { z } from 'zod'
import { defineAction } from '../../boundary/actions/define'
import { cancelRun } from './cancel-run'
import { submitTask } from './submit-task'
import { taskFormSchema } from './task-form-input'

/** New task: needs `runs.create`; the whole task is validated field by field before anything is written or run. */
export const submitTaskForm = defineAction({
  permission: 'runs.create',
  schema: taskFormSchema,
  handler: (input, caller) => submitTask(caller, input),
})

/** Cancel a run: its owner, or anyone with `runs.cancelTenant` (cancelRun checks which; others get not found). */
export const cancelRunForm = defineAction({
  schema: z.object({
    runId: z.string({ error: 'Missing run.' }).trim().min(1, 'Missing run.').max(64, 'That is not a run id.'),
  }),
  handler: (input, caller) => cancelRun(caller, input.runId),
})
