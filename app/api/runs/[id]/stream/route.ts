import { callerFromRequest } from '@/lib/auth/session'
import { streamRunResponse } from '@/lib/runs/run-responses'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

/** Server-sent events of the run's log: replay after Last-Event-ID (or ?after=), then live until run.finished. */
export async function GET(request: Request, context: { params: Promise<{ id: string }> }) {
  const { id } = await context.params
  return streamRunResponse(await callerFromRequest(request), id, request)
}
