import 'server-only'
import { getDatabase } from '@/lib/adapters/db'
import { env } from '@/lib/env'
import { hasMetricsToken, metricsText } from '@/lib/adapters/observability/metrics-response'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

/** Prometheus metrics for operators: 404 when METRICS_TOKEN is unset, 401 without the right bearer token. */
export async function GET(request: Request) {
  if (!env.METRICS_TOKEN) return new Response(null, { status: 404 })
  if (!hasMetricsToken(request.headers.get('authorization'), env.METRICS_TOKEN))
    return new Response(null, { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } })
  const { body, contentType } = await metricsText(await getDatabase())
  return new Response(body, { headers: { 'Content-Type': contentType, 'Cache-Control': 'no-store' } })
}
