'use client'

import { useState } from 'react'
import type { TimelinePage } from '@/lib/services/support/timeline-row'
import { SupportChat } from './support-chat'
import { SupportTimeline } from './support-timeline'

/** The run view's chat, context card and timeline, sharing which event is in focus. */
export function SupportWorkspace({
  runId,
  contextCard,
  initialPage,
}: {
  runId: string
  contextCard: string
  initialPage: TimelinePage
}) {
  const [focus, setFocus] = useState<{ index: number; serial: number } | null>(null)
  const show = (index: number) => setFocus((previous) => ({ index, serial: (previous?.serial ?? 0) + 1 }))
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <div className="min-w-0 space-y-6">
        <SupportChat endpoint={`/api/support/runs/${runId}/chat`} total={initialPage.total} onCite={show} />
        <section aria-label="Run context" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <h2 className="mb-2 text-base font-semibold text-slate-900">Run context</h2>
          <pre
            className="overflow-x-auto font-mono text-xs whitespace-pre-wrap text-slate-700"
            data-testid="context-card"
          >
            {contextCard}
          </pre>
        </section>
      </div>
      <SupportTimeline
        endpoint={`/api/support/runs/${runId}/events`}
        initial={initialPage}
        focus={focus}
        onFocus={show}
      />
    </div>
  )
}
