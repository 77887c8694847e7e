/** What New task shows while the tenant's default model is looked up. */
export function TaskFormSkeleton() {
  return (
    <div role="status" aria-live="polite" className="space-y-4">
      <div className="h-48 animate-pulse rounded-lg bg-slate-200" />
      <div className="h-40 animate-pulse rounded-lg bg-slate-200" />
      <span className="sr-only">Loading the task form…</span>
    </div>
  )
}
