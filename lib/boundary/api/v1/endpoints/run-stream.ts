import 'server-only'
import { streamRunResponse } from '../../../../services/runs/run-responses'
import { defineEndpoint } from '../endpoint'
import { idParams } from '../schemas'

/** `GET /api/v1/runs/{id}/stream`: the same SSE stream as the run page (Last-Event-ID resumes). */
export const runStreamEndpoint = defineEndpoint({
  method: 'get',
  path: '/runs/{id}/stream',
  summary: 'Stream run events',
  description:
    'Server-sent events: each `run_event` message has `id` = the event index and `data` = the event; `end` follows run.finished. Reconnect with `Last-Event-ID` (or `?after=N`) to resume without repeats.',
  tags: ['runs'],
  scope: 'runs:read',
  permission: ['runs.readOwn', 'runs.readTenant'],
  params: idParams,
  responses: {
    '200': { description: 'An event stream.', content: { 'text/event-stream': { schema: { type: 'string' } } } },
  },
  handler: ({ caller, params, request }) => streamRunResponse(caller, params.id, request),
})
