import { defineAction } from '@/lib/actions/define'
import { submitTask } from '@/lib/runs/submit-task'
import { taskFormSchema } from './task-form-input'

/** New task: needs `runs.create`; the whole task is validated field by field before anything is written or run. */
export const submitTaskForm = defineAction({
  permission: 'runs.create',
  schema: taskFormSchema,
  handler: (input, caller) => submitTask(caller, input),
})
