// Calls the /api/v1 route handlers in-process, as Next would: the route module of a path, a Request
// with the key as a bearer token, the path parameters. Every JSON answer can be checked against the
// OpenAPI document (ajv, JSON Schema 2020-12) so the contract tests see what clients see.
import Ajv2020 from 'ajv/dist/2020'
import * as ask from '../../../app/api/v1/runs/[id]/ask/route'
import * as cancel from '../../../app/api/v1/runs/[id]/cancel/route'
import * as events from '../../../app/api/v1/runs/[id]/events/route'
import * as exportRoute from '../../../app/api/v1/runs/[id]/export/route'
import * as run from '../../../app/api/v1/runs/[id]/route'
import * as stream from '../../../app/api/v1/runs/[id]/stream/route'
import * as runs from '../../../app/api/v1/runs/route'
import * as lesson from '../../../app/api/v1/lessons/[id]/route'
import * as propose from '../../../app/api/v1/lessons/[id]/propose/route'
import * as lessons from '../../../app/api/v1/lessons/route'
import * as mcp from '../../../app/api/v1/mcp/route'
import * as openapi from '../../../app/api/v1/openapi.json/route'
import * as proposals from '../../../app/api/v1/proposals/route'
import * as sharedLessons from '../../../app/api/v1/shared-lessons/route'

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>
type Module = Partial<Record<'GET' | 'POST' | 'DELETE', Handler>>

/** URL templates of /api/v1 and their route modules (most specific first). */
export const ROUTES: [string, Module][] = [
  ['/api/v1/runs/[id]/ask', ask as Module],
  ['/api/v1/runs/[id]/cancel', cancel as Module],
  ['/api/v1/runs/[id]/events', events as Module],
  ['/api/v1/runs/[id]/export', exportRoute as Module],
  ['/api/v1/runs/[id]/stream', stream as Module],
  ['/api/v1/runs/[id]', run as Module],
  ['/api/v1/runs', runs as Module],
  ['/api/v1/lessons/[id]/propose', propose as Module],
  ['/api/v1/lessons/[id]', lesson as Module],
  ['/api/v1/lessons', lessons as Module],
  ['/api/v1/shared-lessons', sharedLessons as Module],
  ['/api/v1/proposals', proposals as Module],
  ['/api/v1/mcp', mcp as unknown as Module],
  ['/api/v1/openapi.json', openapi as unknown as Module],
]

function match(path: string): { module: Module; params: Record<string, string> } {
  const pathname = path.split('?')[0]
  for (const [template, module] of ROUTES) {
    const pattern = new RegExp(`^${template.replace(/\[(\w+)\]/g, '(?<$1>[^/]+)')}$`)
    const found = pathname.match(pattern)
    if (found) {
      const params = Object.fromEntries(
        Object.entries(found.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]),
      )
      return { module, params }
    }
  }
  throw new Error(`no route for ${path}`)
}

/** One call: method, path (with query), the key (or none), a JSON body and extra headers. */
export async function callApi(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: { key?: string | null; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<Response> {
  const { module, params } = match(path)
  const handler = module[method]
  if (!handler) return new Response(null, { status: 405 })
  const headers: Record<string, string> = { ...(options.headers ?? {}) }
  if (options.key) headers.authorization = `Bearer ${options.key}`
  let body: string | undefined
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
    headers['content-type'] ??= 'application/json'
  }
  const request = new Request(`http://localhost${path}`, { method, headers, body, signal: options.signal })
  return handler(request, { params: Promise.resolve(params) })
}

let validator: ((path: string, method: string, status: number, contentType: string, body: unknown) => string[]) | null =
  null

/** Checks a JSON answer against the OpenAPI document: its operation, status and media type must be declared, and the body must match. */
export async function contractProblems(
  method: string,
  template: string,
  response: Response,
): Promise<{ problems: string[]; body: unknown }> {
  if (!validator) {
    const document = (await (await callApi('GET', '/api/v1/openapi.json')).json()) as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
      >
      components: { schemas: Record<string, unknown> }
    }
    const ajv = new Ajv2020({ strict: false, allErrors: true })
    ajv.addFormat('date-time', true)
    ajv.addSchema({ $id: 'openapi', components: document.components })
    const compiled = new Map<unknown, ReturnType<typeof ajv.compile>>()
    const rewrite = (schema: unknown): unknown =>
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'))
    validator = (path, verb, status, contentType, body) => {
      const operation = document.paths[path]?.[verb.toLowerCase()]
      if (!operation) return [`${verb} ${path} is not in the document`]
      const declared = operation.responses[String(status)]
      if (!declared) return [`${verb} ${path} answered ${status}, which the document does not declare`]
      const mediaType = contentType.split(';')[0].trim()
      if (!declared.content) return body === null ? [] : [`${status} has a body but the document declares none`]
      const media = declared.content[mediaType]
      if (!media) return [`${verb} ${path} ${status} answered ${mediaType}, not declared`]
      if (!/json/.test(mediaType)) return []
      let validate = compiled.get(media.schema)
      if (!validate) {
        validate = ajv.compile(rewrite(media.schema) as object)
        compiled.set(media.schema, validate)
      }
      return validate(body) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`)
    }
  }
  const contentType = response.headers.get('content-type') ?? ''
  const text = await response.clone().text()
  const body = /json/.test(contentType) && text ? JSON.parse(text) : text === '' ? null : text
  const openApiPath = template.replace('/api/v1', '').replace(/\[(\w+)\]/g, '{$1}')
  return { problems: validator(openApiPath, method, response.status, contentType, body), body }
}
