export default function Loading() {
  return (
    <div role="status" aria-live="polite" className="space-y-4">
      <div className="h-8 w-40 animate-pulse rounded bg-slate-200" />
      <div className="h-10 w-full max-w-lg animate-pulse rounded bg-slate-200" />
      <div className="h-72 animate-pulse rounded-lg bg-slate-200" />
      <span className="sr-only">Loading runs…</span>
    </div>
  )
}
