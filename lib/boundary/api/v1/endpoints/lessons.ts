import 'server-only'
import { z } from 'zod'
import { createMyLesson } from '../../../../services/lessons/create-my-lesson'
import { deleteMyLesson, listMyLessons, proposeLesson } from '../../../../services/lessons/my-lessons'
import { pageAfter } from '../cursor'
import { defineEndpoint } from '../endpoint'
import { idParams, lessonPageSchema, lessonSchema, pagingQuery } from '../schemas'
import { jsonResponse, lessonJson } from '../serialize'

const slug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9._:-]{0,59}$/, 'use lower-case letters, digits, ".", "_", ":" or "-"')

/** What creating a personal lesson takes. */
export const lessonInputSchema = z
  .object({
    content: z.string().min(1, 'write the lesson').max(500, 'at most 500 characters'),
    tags: z.array(slug).max(8).default([]),
    taskKey: slug.optional(),
  })
  .strict()
  .meta({ id: 'LessonInput' })

/** `GET /api/v1/lessons`: the caller's own lessons, newest first. */
export const listLessonsEndpoint = defineEndpoint({
  method: 'get',
  path: '/lessons',
  summary: 'List my lessons',
  tags: ['lessons'],
  scope: 'lessons:read',
  permission: 'lessons.manageOwn',
  query: pagingQuery.extend({ q: z.string().max(200).optional() }),
  responses: {
    '200': { description: 'A page of lessons.', content: { 'application/json': { schema: lessonPageSchema } } },
  },
  handler: async ({ caller, query }) => {
    const { page, nextCursor } = pageAfter(await listMyLessons(caller, { q: query.q }), query.cursor, query.limit)
    return jsonResponse({ data: page.map(lessonJson), nextCursor })
  },
})

/** `POST /api/v1/lessons`: a personal lesson, recalled by the caller's runs with the same tags or task key. */
export const createLessonEndpoint = defineEndpoint({
  method: 'post',
  path: '/lessons',
  summary: 'Create a lesson',
  tags: ['lessons'],
  scope: 'lessons:write',
  permission: 'lessons.manageOwn',
  body: lessonInputSchema,
  responses: { '201': { description: 'The lesson.', content: { 'application/json': { schema: lessonSchema } } } },
  handler: async ({ caller, body }) => jsonResponse(lessonJson(await createMyLesson(caller, body)), 201),
})

/** `DELETE /api/v1/lessons/{id}`: deletes one of the caller's lessons. */
export const deleteLessonEndpoint = defineEndpoint({
  method: 'delete',
  path: '/lessons/{id}',
  summary: 'Delete a lesson',
  tags: ['lessons'],
  scope: 'lessons:write',
  permission: 'lessons.manageOwn',
  params: idParams,
  responses: { '204': { description: 'Deleted.' } },
  handler: async ({ caller, params }) => {
    await deleteMyLesson(caller, params.id)
    return new Response(null, { status: 204 })
  },
})

/** `POST /api/v1/lessons/{id}/propose`: asks the admins to share one of the caller's lessons. */
export const proposeLessonEndpoint = defineEndpoint({
  method: 'post',
  path: '/lessons/{id}/propose',
  summary: 'Propose a lesson for sharing',
  tags: ['lessons'],
  scope: 'lessons:write',
  permission: 'lessons.manageOwn',
  params: idParams,
  responses: {
    '202': {
      description: 'The pending proposal (the same one when already proposed).',
      content: { 'application/json': { schema: z.object({ proposalId: z.string() }) } },
    },
  },
  handler: async ({ caller, params }) => jsonResponse(await proposeLesson(caller, params.id), 202),
})
