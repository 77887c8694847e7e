import 'server-only'
import { cancelRun } from '../../../../services/runs/cancel-run'
import { defineEndpoint } from '../endpoint'
import { cancelOutcomeSchema, idParams } from '../schemas'
import { jsonResponse } from '../serialize'

/** `POST /api/v1/runs/{id}/cancel`: the same cancel as the run page (owner, or admins for any run). */
export const cancelRunEndpoint = defineEndpoint({
  method: 'post',
  path: '/runs/{id}/cancel',
  summary: 'Cancel a run',
  description: 'A queued run ends at once; a running one stops at its next step (`requested`).',
  tags: ['runs'],
  scope: 'runs:write',
  params: idParams,
  responses: {
    '202': { description: 'What the request did.', content: { 'application/json': { schema: cancelOutcomeSchema } } },
  },
  handler: async ({ caller, params }) => {
    const { outcome } = await cancelRun(caller, params.id)
    return jsonResponse({ id: params.id, outcome }, 202)
  },
})
