import { callerFromRequest } from '@/lib/auth/session'
import { exportRunResponse } from '@/lib/runs/run-responses'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

/** The run's event log as JSON Lines (attachment); 404 with no details when the caller may not see it. */
export async function GET(request: Request, context: { params: Promise<{ id: string }> }) {
  const { id } = await context.params
  return exportRunResponse(await callerFromRequest(request), id)
}
