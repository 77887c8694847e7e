import { callerFromRequest } from '@/lib/services/auth/session'
import { can } from '@/lib/services/auth/permissions'
import { exportDueRuns } from '@/lib/services/retention/retention-service'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

/** The runs the retention policy deletes next, as JSON Lines (admins; 404 for everyone else). */
export async function GET(request: Request) {
  const caller = await callerFromRequest(request)
  if (!caller || !can(caller.role, 'settings.manage')) return new Response(null, { status: 404 })
  const day = new Date().toISOString().slice(0, 10)
  return new Response(await exportDueRuns(caller), {
    headers: {
      'Content-Type': 'application/x-ndjson; charset=utf-8',
      'Content-Disposition': `attachment; filename="runs-due-for-deletion-${day}.jsonl"`,
      'Cache-Control': 'no-store',
    },
  })
}
