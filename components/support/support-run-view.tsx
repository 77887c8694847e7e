import type { AuthorizedRunView } from '@/lib/services/runs/queries'
import type { SupportWorkspaceData } from '@/lib/services/support/open-support-run'
import { RunStatusBadge } from './status-badge'
import { MemberAsk } from './member-ask'
import { SupportWorkspace } from './support-workspace'
import { formatDateTime } from '@/components/runs/run-format'
import { TextLink } from '@/components/ui/text-link'

/**
 * A run opened for support: header, then chat, context card and timeline. A member asking about their
 * own run gets the chat alone (answers cite the run page's events; no context card, raw payloads or
 * query_log transcript). The page opens the run (openSupportRun: loads the workspace, audits the opening).
 */
export function SupportRunView({
  run,
  back,
  workspace,
}: {
  run: AuthorizedRunView
  back: { href: string; label: string }
  /** Staff's context card and first timeline page; null for a member asking about their own run. */
  workspace: SupportWorkspaceData | null
}) {
  return (
    <div className="space-y-6">
      <div>
        <TextLink href={back.href} className="text-sm">
          ← {back.label}
        </TextLink>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words text-slate-900">{run.title}</h1>
          <RunStatusBadge status={run.status} />
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {run.userName} · {formatDateTime(run.createdAt)} · {run.attemptsUsed}/{run.maxAttempts} attempts · best score{' '}
          {run.bestScore ?? '—'} · {run.eventCount} events
          {run.interruptionReason ? ` · interrupted: ${run.interruptionReason}` : ''}
        </p>
      </div>
      {workspace ? (
        <SupportWorkspace runId={run.id} contextCard={workspace.contextCard} initialPage={workspace.initialPage} />
      ) : (
        <MemberAsk runId={run.id} total={run.eventCount} />
      )}
    </div>
  )
}
