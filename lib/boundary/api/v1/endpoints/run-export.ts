import 'server-only'
import { exportRunResponse } from '../../../../services/runs/run-responses'
import { defineEndpoint } from '../endpoint'
import { idParams } from '../schemas'

/** `GET /api/v1/runs/{id}/export`: the run's log as JSON Lines (what `npm run query-log` reads). */
export const runExportEndpoint = defineEndpoint({
  method: 'get',
  path: '/runs/{id}/export',
  summary: 'Export a run',
  description: 'One event a line: `{"index","type","kind","namespace","payload","cause","at"}`.',
  tags: ['runs'],
  scope: 'runs:read',
  permission: ['runs.readOwn', 'runs.readTenant'],
  params: idParams,
  responses: {
    '200': { description: 'JSON Lines.', content: { 'application/x-ndjson': { schema: { type: 'string' } } } },
  },
  handler: ({ caller, params }) => exportRunResponse(caller, params.id),
})
