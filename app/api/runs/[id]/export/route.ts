import { route } from '@/lib/boundary/http/route'
import { exportRunResponse } from '@/lib/services/runs/run-responses'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

/** The run's event log as JSON Lines (attachment); 404 with no details when the caller may not see it. */
export const GET = route<{ id: string }>({
  auth: 'session',
  errors: 'bare',
  handler: ({ caller, params }) => exportRunResponse(caller, params.id),
})
