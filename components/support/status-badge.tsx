const tones: Record<string, string> = {
  failed: 'bg-red-100 text-red-800',
  interrupted: 'bg-amber-100 text-amber-900',
  succeeded: 'bg-emerald-100 text-emerald-800',
  running: 'bg-sky-100 text-sky-800',
  queued: 'bg-slate-100 text-slate-700',
  cancelled: 'bg-slate-200 text-slate-700',
}

/** A run status as a coloured pill. */
export function RunStatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${tones[status] ?? tones.queued}`}>
      {status}
    </span>
  )
}
