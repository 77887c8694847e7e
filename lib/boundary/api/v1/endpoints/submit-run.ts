import 'server-only'
import { submitTask } from '../../../../services/runs/submit-task'
import { taskInputSchema } from '../../../../services/runs/task-input'
import { defineEndpoint } from '../endpoint'
import { submittedRunSchema } from '../schemas'
import { jsonResponse } from '../serialize'

/** `POST /api/v1/runs`: the same validation and service as the task form; `{"prompt": "…"}` alone is a task. */
export const submitRunEndpoint = defineEndpoint({
  method: 'post',
  path: '/runs',
  summary: 'Submit a task',
  description:
    'Starts a run. Only `prompt` is required: the tenant defaults fill in the evaluator, Reflexion settings, architecture and models (the same rules as the form on /tasks/new). Answers 202 with the run id at once; follow it with GET /runs/{id}, /events or /stream.',
  tags: ['runs'],
  scope: 'runs:write',
  permission: 'runs.create',
  body: taskInputSchema.meta({ id: 'TaskInput' }),
  responses: {
    '202': {
      description: 'Accepted: the run is queued.',
      content: { 'application/json': { schema: submittedRunSchema } },
    },
  },
  handler: async ({ caller, body }) => {
    const { runId } = await submitTask(caller, body)
    // submitTask commits the run as queued; a worker may already have taken it, which GET /runs/{id} shows.
    const url = `/api/v1/runs/${runId}`
    return jsonResponse(
      { id: runId, status: 'queued', url, eventsUrl: `${url}/events`, streamUrl: `${url}/stream` },
      202,
      { Location: url },
    )
  },
})
