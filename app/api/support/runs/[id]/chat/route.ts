import { route } from '@/lib/boundary/http/route'
import { supportChatResponse } from '@/lib/services/support/chat-response'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

/** Ask the support agent about a run: `{ question }` in, NDJSON chat parts out; 404 with no body for a run the caller may not ask about. */
export const POST = route<{ id: string }>({
  auth: 'session',
  errors: 'bare',
  body: 'raw-json',
  permission: ['support.console', 'support.askOwn'],
  handler: ({ caller, params, request }) => supportChatResponse(caller, params.id, request),
})
