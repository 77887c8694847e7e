import { route } from '@/lib/boundary/http/route'
import { loadTimelinePage } from '@/lib/services/support/timeline-page'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

/** One page of the run's timeline (`?page=N`, 0-based), redacted; 404 with no body for a run the caller may not ask about. */
export const GET = route<{ id: string }>({
  auth: 'session',
  errors: 'bare',
  handler: async ({ caller, params, request }) => {
    const page = Number(new URL(request.url).searchParams.get('page') ?? 0)
    return Response.json(await loadTimelinePage(caller, params.id, page), { headers: { 'Cache-Control': 'no-store' } })
  },
})
