import type { Metadata } from 'next'
import { Card } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { openApiDocument } from '@/lib/boundary/api/v1/openapi'

export const metadata: Metadata = { title: 'API reference' }

type Operation = {
  summary?: string
  description?: string
  security?: { bearer?: string[] }[]
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: { type?: string } }[]
  requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> }
  responses?: Record<string, { description?: string }>
}

const anchor = (method: string, path: string) => `${method}-${path.replace(/[^a-z0-9]+/gi, '-')}`

// Rendered on the server from the OpenAPI document: no script, no CDN, so the reference works offline.
// (Scalar's Next.js adapter loads its viewer from a CDN, and its bundle is not installed.)
export default function ApiDocsPage() {
  const document = openApiDocument() as unknown as {
    info: { description?: string }
    paths: Record<string, Record<string, Operation>>
  }
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  )
  return (
    // Long tokens (JSON shapes, media types) wrap anywhere: the page stays within 390 px.
    <div className="space-y-6 [overflow-wrap:anywhere]">
      <PageHeader title="API reference" description={document.info.description} />
      <p className="text-sm">
        Base URL <code className="font-mono">/api/v1</code> ·{' '}
        <a className="text-indigo-700 underline" href="/api/v1/openapi.json">
          OpenAPI 3.1 document
        </a>{' '}
        · MCP (Streamable HTTP) at <code className="font-mono">/api/v1/mcp</code> with tools list_runs, get_run,
        query_log, explain_run (scope runs:read).
      </p>
      <nav aria-label="Endpoints">
        <ul className="grid gap-1 text-sm sm:grid-cols-2">
          {operations.map(({ path, method, operation }) => (
            <li key={`${method} ${path}`}>
              <a className="text-indigo-700 underline" href={`#${anchor(method, path)}`}>
                <span className="font-mono text-xs uppercase">{method}</span> {path}
              </a>{' '}
              <span className="text-slate-500">— {operation.summary}</span>
            </li>
          ))}
        </ul>
      </nav>
      {operations.map(({ path, method, operation }) => {
        const scope = operation.security?.[0]?.bearer?.[0]
        const body = Object.entries(operation.requestBody?.content ?? {})[0]
        return (
          <section
            key={`${method} ${path}`}
            id={anchor(method, path)}
            aria-labelledby={`${anchor(method, path)}-title`}
          >
            <Card>
              <h2
                id={`${anchor(method, path)}-title`}
                className="font-mono text-sm font-semibold break-all text-slate-900"
              >
                <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 uppercase">{method}</span>
                /api/v1{path}
              </h2>
              <p className="mt-1 text-sm font-medium">{operation.summary}</p>
              {operation.description ? <p className="mt-1 text-sm text-slate-600">{operation.description}</p> : null}
              {scope ? (
                <p className="mt-2 text-xs text-slate-600">
                  Scope <code className="font-mono">{scope}</code>
                </p>
              ) : null}
              {operation.parameters?.length ? (
                <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
                  {operation.parameters.map((parameter) => (
                    <div key={`${parameter.in}-${parameter.name}`} className="contents">
                      <dt className="font-mono">
                        {parameter.name}
                        {parameter.required ? '*' : ''}
                      </dt>
                      <dd className="text-slate-600">
                        {parameter.in}
                        {parameter.description ? ` — ${parameter.description}` : ''}
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {body ? (
                <p className="mt-2 text-xs text-slate-600">
                  Body <code className="font-mono">{body[0]}</code>
                  {body[1].schema?.$ref ? ` (${body[1].schema.$ref.split('/').pop()})` : ''}
                </p>
              ) : null}
              <ul className="mt-2 space-y-0.5 text-xs text-slate-600">
                {Object.entries(operation.responses ?? {}).map(([status, response]) => (
                  <li key={status}>
                    <span className="font-mono">{status}</span> {response.description}
                  </li>
                ))}
              </ul>
            </Card>
          </section>
        )
      })}
    </div>
  )
}
