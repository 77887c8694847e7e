import 'server-only'
import { z } from 'zod'
import { listProposals } from '../../../../services/lessons/proposals'
import { createSharedLesson, listSharedLessons } from '../../../../services/lessons/shared-lessons'
import { pageAfter } from '../cursor'
import { defineEndpoint } from '../endpoint'
import { lessonPageSchema, lessonSchema, pagingQuery, proposalPageSchema } from '../schemas'
import { jsonResponse, lessonJson, proposalJson } from '../serialize'
import { lessonInputSchema } from './lessons'

/** `GET /api/v1/shared-lessons`: the tenant's shared lessons (every run may recall them). */
export const listSharedLessonsEndpoint = defineEndpoint({
  method: 'get',
  path: '/shared-lessons',
  summary: 'List shared lessons',
  tags: ['shared lessons'],
  scope: 'lessons:read',
  permission: 'lessons.readShared',
  query: pagingQuery.extend({ q: z.string().max(200).optional() }),
  responses: {
    '200': { description: 'A page of lessons.', content: { 'application/json': { schema: lessonPageSchema } } },
  },
  handler: async ({ caller, query }) => {
    const { page, nextCursor } = pageAfter(await listSharedLessons(caller, { q: query.q }), query.cursor, query.limit)
    return jsonResponse({ data: page.map(lessonJson), nextCursor })
  },
})

/** `POST /api/v1/shared-lessons`: an admin writes a shared lesson (audited). */
export const createSharedLessonEndpoint = defineEndpoint({
  method: 'post',
  path: '/shared-lessons',
  summary: 'Create a shared lesson',
  tags: ['shared lessons'],
  scope: 'lessons:write',
  permission: 'lessons.curateShared',
  body: lessonInputSchema,
  responses: {
    '201': { description: 'The shared lesson.', content: { 'application/json': { schema: lessonSchema } } },
  },
  handler: async ({ caller, body }) => jsonResponse(lessonJson(await createSharedLesson(caller, body)), 201),
})

/** `GET /api/v1/proposals`: members' proposals to share lessons, for admins. */
export const listProposalsEndpoint = defineEndpoint({
  method: 'get',
  path: '/proposals',
  summary: 'List proposals',
  tags: ['shared lessons'],
  scope: 'lessons:read',
  permission: 'lessons.curateShared',
  query: pagingQuery.extend({ status: z.enum(['pending', 'approved', 'rejected']).default('pending') }),
  responses: {
    '200': { description: 'A page of proposals.', content: { 'application/json': { schema: proposalPageSchema } } },
  },
  handler: async ({ caller, query }) => {
    const { page, nextCursor } = pageAfter(
      await listProposals(caller, { status: query.status }),
      query.cursor,
      query.limit,
    )
    return jsonResponse({ data: page.map(proposalJson), nextCursor })
  },
})
