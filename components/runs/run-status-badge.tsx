const STYLES: Record<string, string> = {
  queued: 'bg-slate-100 text-slate-700 ring-slate-300',
  running: 'bg-sky-50 text-sky-800 ring-sky-300',
  succeeded: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  failed: 'bg-red-50 text-red-800 ring-red-300',
  interrupted: 'bg-amber-50 text-amber-900 ring-amber-300',
  cancelled: 'bg-amber-50 text-amber-900 ring-amber-300',
}

/** A run's status as a labelled pill (the word is always shown, colour only repeats it). */
export function RunStatusBadge({ status }: { status: string }) {
  return (
    <span
      data-testid="run-status"
      data-status={status}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STYLES[status] ?? STYLES.queued}`}
    >
      {status === 'running' ? <span aria-hidden className="size-1.5 animate-pulse rounded-full bg-sky-600" /> : null}
      {status}
    </span>
  )
}
