import 'server-only'
import { createDocument, type ZodOpenApiPathsObject } from 'zod-openapi'
import { problemSchema } from './schemas'
import { ENDPOINTS } from './registry'

let cached: ReturnType<typeof createDocument> | null = null

/** The OpenAPI 3.1 document of /api/v1, generated from the endpoints' zod schemas (built once). */
export function openApiDocument(): ReturnType<typeof createDocument> {
  if (cached) return cached
  const paths: ZodOpenApiPathsObject = {}
  for (const endpoint of ENDPOINTS) (paths[endpoint.path] ??= {})[endpoint.method] = endpoint.operation
  cached = createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Reflexion Studio API',
      version: '1.0.0',
      description:
        'Submit tasks, follow runs, ask why they failed, and manage lessons. Authenticate with `Authorization: Bearer <key>` (keys are made under Settings → API keys). Errors are `application/problem+json` (RFC 9457). Every POST accepts an `Idempotency-Key`. Each key is rate limited per minute (`RateLimit-*` headers).',
    },
    servers: [{ url: '/api/v1' }],
    paths,
    components: {
      schemas: { Problem: problemSchema },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key (rsk_…).' } },
    },
    security: [{ bearer: [] }],
  })
  return cached
}
