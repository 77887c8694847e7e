import { callerFromRequest } from '@/lib/auth/session'
import { AppError } from '@/lib/errors'
import { loadTimelinePage } from '@/lib/support/timeline-page'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

/** One page of the run's timeline (`?page=N`, 0-based), redacted; 404 with no body for a run the caller may not ask about. */
export async function GET(request: Request, context: { params: Promise<{ id: string }> }) {
  const { id } = await context.params
  const caller = await callerFromRequest(request)
  if (!caller) return Response.json({ error: 'Sign in first.' }, { status: 401 })
  const page = Number(new URL(request.url).searchParams.get('page') ?? 0)
  try {
    return Response.json(await loadTimelinePage(caller, id, page), { headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return new Response(null, { status: 404 })
    throw error
  }
}
