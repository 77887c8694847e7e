import Link from 'next/link'
import type { ReactNode } from 'react'
import { formatDateTime, formatScore } from '@/components/runs/run-format'
import { RunStatusBadge } from '@/components/runs/run-status-badge'
import { Card } from '@/components/ui/card'

/** The fields of a run the home page lists. */
export type RecentRun = {
  id: string
  title: string
  status: string
  attemptsUsed: number
  maxAttempts: number
  bestScore: number | null
  createdAt: Date
  userName?: string
}

/**
 * A short list of runs: status, title (linking to `hrefOf(run)`), attempts used of max, best score and
 * when; stacked so it fits a phone. `footer` goes under the list (a link to the full list).
 */
export function RecentRunsCard({
  title,
  runs,
  hrefOf,
  empty,
  footer,
  testId,
}: {
  title: string
  runs: RecentRun[]
  hrefOf: (run: RecentRun) => string
  empty: string
  footer: ReactNode
  testId: string
}) {
  return (
    <Card title={title}>
      {runs.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid={`${testId}-empty`}>
          {empty}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid={testId}>
          {runs.map((run) => (
            <li
              key={run.id}
              data-testid="home-run"
              data-run-id={run.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2.5 first:pt-0"
            >
              <RunStatusBadge status={run.status} />
              <Link
                href={hrefOf(run)}
                className="min-w-0 flex-1 font-medium break-words text-indigo-700 underline-offset-2 hover:underline"
              >
                {run.title}
              </Link>
              <span className="flex basis-full flex-wrap gap-x-3 text-xs text-slate-600 tabular-nums">
                <span>
                  {run.attemptsUsed} / {run.maxAttempts} attempts
                </span>
                {run.userName ? <span>by {run.userName}</span> : null}
                <span>best {formatScore(run.bestScore)}</span>
                <time dateTime={run.createdAt.toISOString()}>{formatDateTime(run.createdAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 text-sm">{footer}</div>
    </Card>
  )
}
