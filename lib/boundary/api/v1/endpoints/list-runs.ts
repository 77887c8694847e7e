import 'server-only'
import { z } from 'zod'
import { listRuns } from '../../../../services/runs/queries'
import { decodeCursor, encodeCursor } from '../cursor'
import { defineEndpoint } from '../endpoint'
import { pagingQuery, runPageSchema, runStatusSchema } from '../schemas'
import { jsonResponse, runJson } from '../serialize'

const query = pagingQuery.extend({
  status: runStatusSchema.optional(),
  q: z.string().max(200).optional().meta({ description: 'Words in the title or prompt.' }),
  from: z.iso.datetime({ offset: true }).optional().meta({ description: 'Created at or after (ISO 8601).' }),
  to: z.iso.datetime({ offset: true }).optional().meta({ description: 'Created before (ISO 8601).' }),
})

/** `GET /api/v1/runs`: the caller's visible runs (members: their own), newest first, cursor-paged. */
export const listRunsEndpoint = defineEndpoint({
  method: 'get',
  path: '/runs',
  summary: 'List runs',
  description:
    'Newest first. Members see their own runs; admins and support the whole tenant. Pages are stable under new runs.',
  tags: ['runs'],
  scope: 'runs:read',
  permission: ['runs.readOwn', 'runs.readTenant'],
  query,
  responses: { '200': { description: 'A page of runs.', content: { 'application/json': { schema: runPageSchema } } } },
  handler: async ({ caller, query }) => {
    const { runs, nextCursor } = await listRuns(caller, {
      status: query.status,
      q: query.q,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      cursor: query.cursor ? decodeCursor<{ id: string }>(query.cursor, ['id']).id : undefined,
      limit: query.limit,
    })
    return jsonResponse({ data: runs.map(runJson), nextCursor: nextCursor ? encodeCursor({ id: nextCursor }) : null })
  },
})
