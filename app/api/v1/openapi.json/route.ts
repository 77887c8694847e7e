import { openApiDocument } from '@/lib/boundary/api/v1/openapi'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

/** The OpenAPI 3.1 document of /api/v1 (public: it describes, it reveals no data). */
export async function GET() {
  return Response.json(openApiDocument(), { headers: { 'Cache-Control': 'public, max-age=300' } })
}
