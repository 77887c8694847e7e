import Link from 'next/link'
import type { RunView } from '@/lib/services/runs/queries'
import { formatCost, formatDateTime, formatDuration, formatScore } from './run-format'
import { RunStatusBadge } from './run-status-badge'

const cell = 'px-4 py-2 align-top whitespace-nowrap'

/** The runs list: status, attempts used of max, best score, duration, cost, created; the owner when asked. */
export function RunsTable({ runs, showOwner }: { runs: RunView[]; showOwner: boolean }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">Runs, newest first</caption>
        <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className={`${cell} font-medium`}>
              Task
            </th>
            {showOwner ? (
              <th scope="col" className={`${cell} font-medium`}>
                Owner
              </th>
            ) : null}
            <th scope="col" className={`${cell} font-medium`}>
              Status
            </th>
            <th scope="col" className={`${cell} text-right font-medium`}>
              Attempts
            </th>
            <th scope="col" className={`${cell} text-right font-medium`}>
              Best score
            </th>
            <th scope="col" className={`${cell} text-right font-medium`}>
              Duration
            </th>
            <th scope="col" className={`${cell} text-right font-medium`}>
              Cost
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Created
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {runs.map((run) => (
            <tr key={run.id} data-testid="run-row" data-run-id={run.id}>
              <td className="max-w-xs min-w-[12rem] px-4 py-2 align-top">
                <Link
                  href={`/runs/${run.id}`}
                  className="font-medium break-words text-indigo-700 underline-offset-2 hover:underline"
                >
                  {run.title}
                </Link>
                <span className="block text-xs text-slate-500">{run.model}</span>
              </td>
              {showOwner ? <td className={`${cell} text-slate-700`}>{run.userName}</td> : null}
              <td className={cell}>
                <RunStatusBadge status={run.status} />
              </td>
              <td className={`${cell} text-right tabular-nums`}>
                {run.attemptsUsed} / {run.maxAttempts}
              </td>
              <td className={`${cell} text-right tabular-nums`}>{formatScore(run.bestScore)}</td>
              <td className={`${cell} text-right tabular-nums`}>{formatDuration(run.startedAt, run.finishedAt)}</td>
              <td className={`${cell} text-right tabular-nums`}>{formatCost(run.costUsd)}</td>
              <td className={`${cell} whitespace-nowrap text-slate-600`}>{formatDateTime(run.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
