import type { RunFeedbackRow } from '@/lib/services/feedback/feedback-queries'
import { formatDateTime } from './run-format'

/** Ratings of a run (everyone's for support and admins, one's own for members), newest first. */
export function FeedbackList({ rows }: { rows: RunFeedbackRow[] }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">No ratings yet.</p>
  return (
    <ul className="space-y-2" data-testid="feedback-list">
      {rows.map((row) => (
        <li key={row.index} className="rounded-md border border-slate-200 px-3 py-2 text-sm">
          <span aria-label={row.rating === 'up' ? 'thumbs up' : 'thumbs down'}>
            {row.rating === 'up' ? '👍' : '👎'}
          </span>{' '}
          <strong>{row.mine ? 'You' : row.byName}</strong> rated {row.attempt ? `attempt ${row.attempt}` : 'the run'}
          <span className="text-slate-500"> · {formatDateTime(new Date(row.at))} · </span>
          <a href={`#event-${row.index}`} className="font-mono text-xs text-slate-500">
            #{row.index}
          </a>
          {row.comment ? <p className="mt-1 break-words whitespace-pre-wrap text-slate-700">{row.comment}</p> : null}
        </li>
      ))}
    </ul>
  )
}
