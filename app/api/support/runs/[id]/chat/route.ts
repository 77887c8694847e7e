import { callerFromRequest } from '@/lib/auth/session'
import { supportChatResponse } from '@/lib/support/chat-response'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

/** Ask the support agent about a run: `{ question }` in, NDJSON chat parts out; 404 with no body for a run the caller may not ask about. */
export async function POST(request: Request, context: { params: Promise<{ id: string }> }) {
  const { id } = await context.params
  return supportChatResponse(await callerFromRequest(request), id, request)
}
