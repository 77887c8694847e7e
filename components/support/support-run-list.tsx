import Link from 'next/link'
import type { SupportRunRow } from '@/lib/services/support/support-queries'
import { RunStatusBadge } from './status-badge'
import { formatDateTime } from '@/components/runs/run-format'

/** The console's runs: each row opens the run for support. */
export function SupportRunList({ runs }: { runs: SupportRunRow[] }) {
  if (runs.length === 0)
    return (
      <p className="rounded-lg border border-slate-200 bg-white p-6 text-sm text-slate-600">
        No runs match these filters.
      </p>
    )
  return (
    <ul
      className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm"
      data-testid="support-runs"
    >
      {runs.map((run) => (
        <li
          key={run.id}
          data-testid="support-run"
          data-status={run.status}
          className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3"
        >
          <div className="min-w-0 flex-1 basis-64">
            <Link
              href={`/support/runs/${run.id}`}
              className="font-medium break-words text-indigo-700 underline decoration-indigo-200 underline-offset-2 hover:decoration-indigo-600"
            >
              {run.title}
            </Link>
            <p className="text-xs text-slate-500">
              {run.userName} · {formatDateTime(run.createdAt)} · {run.model}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-3 text-xs text-slate-600">
            <RunStatusBadge status={run.status} />
            {run.interruptionReason ? <span className="font-mono">{run.interruptionReason}</span> : null}
            <span>
              {run.attemptsUsed}/{run.maxAttempts} attempts
            </span>
            <span>best score {run.bestScore ?? '—'}</span>
            <span>{run.eventCount} events</span>
          </div>
        </li>
      ))}
    </ul>
  )
}
