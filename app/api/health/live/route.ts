export const dynamic = 'force-dynamic'

/** Liveness: the process serves requests. It touches nothing else, so a slow database never restarts it. */
export function GET() {
  return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } })
}
