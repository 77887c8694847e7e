'use client'

import { SupportChat } from './support-chat'

/** A member's "Ask why": the chat alone; each #index links to that event on the run page. */
export function MemberAsk({ runId, total }: { runId: string; total: number }) {
  return (
    <div className="max-w-3xl">
      <SupportChat
        endpoint={`/api/support/runs/${runId}/chat`}
        total={total}
        citationHref={(index) => `/runs/${runId}#event-${index}`}
      />
    </div>
  )
}
