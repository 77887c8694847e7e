/** What the run page shows while its log loads (after the access check, so a 404 stays a 404). */
export function RunPageSkeleton() {
  return (
    <div role="status" aria-live="polite" className="space-y-4">
      <div className="h-32 animate-pulse rounded-lg bg-slate-200" />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="h-80 animate-pulse rounded-lg bg-slate-200" />
        <div className="h-60 animate-pulse rounded-lg bg-slate-200" />
      </div>
      <span className="sr-only">Loading the run’s timeline…</span>
    </div>
  )
}
