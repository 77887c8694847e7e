import 'server-only'
import { getDatabase } from '@/lib/adapters/db'
import { readiness } from '@/lib/adapters/observability/readiness'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

/** Readiness: 200 when the database answers, the queue exists and every migration is applied; 503 otherwise. */
export async function GET() {
  const result = await readiness(await getDatabase())
  return Response.json(
    { status: result.ready ? 'ready' : 'not_ready', checks: result.checks },
    { status: result.ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  )
}
