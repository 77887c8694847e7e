import 'server-only'
import { z } from 'zod'
import { serializeJsonlRow } from '../../../../core/events/jsonl'
import { listRunEvents } from '../../../../services/runs/queries'
import { defineEndpoint } from '../endpoint'
import { idParams, runEventPageSchema } from '../schemas'
import { jsonResponse } from '../serialize'

const query = z.object({
  cursor: z
    .string()
    .regex(/^-?\d{1,10}$/, 'pass back nextCursor (an event index)')
    .optional()
    .meta({ description: 'Continue after this event index (the nextCursor of the previous page).' }),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
})

/** `GET /api/v1/runs/{id}/events`: the run's log in order, paged by index (append-only, so pages never shift). */
export const runEventsEndpoint = defineEndpoint({
  method: 'get',
  path: '/runs/{id}/events',
  summary: 'List run events',
  description:
    'Events in log order, each with `index` and `type`. A page that reaches the current end has a null nextCursor; poll again with the last index to get later events.',
  tags: ['runs'],
  scope: 'runs:read',
  permission: ['runs.readOwn', 'runs.readTenant'],
  params: idParams,
  query,
  responses: {
    '200': { description: 'A page of events.', content: { 'application/json': { schema: runEventPageSchema } } },
  },
  handler: async ({ caller, params, query }) => {
    const afterIndex = query.cursor === undefined ? -1 : Math.min(Math.max(Number(query.cursor), -1), 2_147_483_647)
    const events = await listRunEvents(caller, params.id, { afterIndex, limit: query.limit + 1 })
    const page = events.slice(0, query.limit)
    const more = events.length > query.limit
    return jsonResponse({
      data: page.map((event) => JSON.parse(serializeJsonlRow(event))),
      nextCursor: more ? String(page[page.length - 1].index) : null,
    })
  },
})
