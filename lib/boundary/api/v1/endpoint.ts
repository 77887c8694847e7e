import 'server-only'
import { z } from 'zod'
import type { ZodOpenApiOperationObject } from 'zod-openapi'
import type { ApiScope, Permission } from '../../../services/auth/permissions'
import { AppError } from '../../../errors'
import { route, type RouteContext } from '../../http/route'

/** What an endpoint's handler gets: the route context plus its query and body, parsed by their schemas. */
export type EndpointContext<Params, Query, Body> = Omit<RouteContext<Params>, 'body'> & { query: Query; body: Body }

/** One endpoint of the public API: its place, its guard, its schemas and its handler. */
export type EndpointDefinition<Params extends z.ZodType, Query extends z.ZodType, Body extends z.ZodType> = {
  method: 'get' | 'post' | 'delete'
  /** OpenAPI path under /api/v1, e.g. `/runs/{id}`. */
  path: string
  summary: string
  description?: string
  tags: string[]
  scope: ApiScope
  permission?: Permission | Permission[]
  params?: Params
  query?: Query
  body?: Body
  /** OpenAPI responses besides the problems every endpoint may answer. */
  responses: ZodOpenApiOperationObject['responses']
  /** `raw`: the handler reads the request body itself (no Idempotency-Key). */
  rawBody?: boolean
  handler: (context: EndpointContext<z.output<Params>, z.output<Query>, z.output<Body>>) => Promise<Response>
}

/** A defined endpoint: its OpenAPI operation and its Next.js route handler. */
export type Endpoint = {
  method: 'get' | 'post' | 'delete'
  path: string
  operation: ZodOpenApiOperationObject
  handle: (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>
}

function parseWith<T extends z.ZodType>(schema: T | undefined, value: unknown, where: string): z.output<T> {
  if (!schema) return undefined as z.output<T>
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const errors: Record<string, string[]> = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : where
    ;(errors[field] ??= []).push(
      issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : issue.message,
    )
  }
  throw new AppError('bad_request', `The ${where} is not valid: see "errors".`, errors)
}

const idempotencyHeader = z.object({
  'Idempotency-Key': z.string().max(255).optional().meta({
    description:
      'Makes the POST safe to retry: the same key with the same body answers the stored response; with another body, 422.',
  }),
})

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
})

/**
 * Defines an endpoint once: the route handler (through route(): key or session, scope, permission,
 * problem+json errors, rate limit, Idempotency-Key) and its OpenAPI operation from the same zod schemas.
 */
export function defineEndpoint<
  Params extends z.ZodType = z.ZodType<Record<string, never>>,
  Query extends z.ZodType = z.ZodType<undefined>,
  Body extends z.ZodType = z.ZodType<undefined>,
>(definition: EndpointDefinition<Params, Query, Body>): Endpoint {
  const operation: ZodOpenApiOperationObject = {
    operationId: definition.summary.replace(/[^A-Za-z0-9]+(.)?/g, (_, next: string | undefined) =>
      next ? next.toUpperCase() : '',
    ),
    summary: definition.summary,
    ...(definition.description ? { description: definition.description } : {}),
    tags: definition.tags,
    security: [{ bearer: [definition.scope] }],
    ...(definition.params || definition.query
      ? {
          requestParams: {
            ...(definition.params ? { path: definition.params as never } : {}),
            ...(definition.query ? { query: definition.query as never } : {}),
            ...(definition.method === 'post' ? { header: idempotencyHeader } : {}),
          },
        }
      : definition.method === 'post'
        ? { requestParams: { header: idempotencyHeader } }
        : {}),
    ...(definition.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: definition.body } } } }
      : {}),
    responses: {
      ...definition.responses,
      '400': problem('The request is not valid; `errors` names the fields at fault.'),
      '401': problem('No valid API key (or session).'),
      '403': problem('The key lacks the scope this endpoint needs.'),
      '404': problem('Not found, or not visible to the caller (the same answer).'),
      ...(definition.method === 'post'
        ? {
            '415': problem('The body is not declared as JSON (send Content-Type: application/json).'),
            '409': problem('A request with this Idempotency-Key is still being handled.'),
            '422': problem('This Idempotency-Key was used with a different request.'),
          }
        : {}),
      '429': problem('Rate limit (per key) or quota reached; see Retry-After.'),
    },
  }
  const handle = route<Record<string, string>>({
    auth: 'either',
    scope: definition.scope,
    permission: definition.permission,
    body: definition.rawBody ? 'raw' : 'json',
    handler: async (context) => {
      const params = parseWith(definition.params, context.params, 'path')
      const query = parseWith(definition.query, Object.fromEntries(new URL(context.request.url).searchParams), 'query')
      const body = parseWith(definition.body, context.body, 'body')
      return definition.handler({ ...context, params, query, body })
    },
  })
  return { method: definition.method, path: definition.path, operation, handle }
}
