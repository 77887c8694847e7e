import { route } from '@/lib/boundary/http/route'
import { streamRunResponse } from '@/lib/services/runs/run-responses'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

/** Server-sent events of the run's log: replay after Last-Event-ID (or ?after=), then live until run.finished. */
export const GET = route<{ id: string }>({
  auth: 'session',
  errors: 'bare',
  handler: ({ caller, params, request }) => streamRunResponse(caller, params.id, request),
})
