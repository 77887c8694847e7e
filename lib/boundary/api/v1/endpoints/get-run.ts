import 'server-only'
import { getRun } from '../../../../services/runs/queries'
import { defineEndpoint } from '../endpoint'
import { idParams, runSchema } from '../schemas'
import { jsonResponse, runJson } from '../serialize'

/** `GET /api/v1/runs/{id}`: one run and its status. */
export const getRunEndpoint = defineEndpoint({
  method: 'get',
  path: '/runs/{id}',
  summary: 'Get a run',
  tags: ['runs'],
  scope: 'runs:read',
  permission: ['runs.readOwn', 'runs.readTenant'],
  params: idParams,
  responses: { '200': { description: 'The run.', content: { 'application/json': { schema: runSchema } } } },
  handler: async ({ caller, params }) => jsonResponse(runJson(await getRun(caller, params.id))),
})
