/** A GET search box (q) for lesson lists; works without scripts. */
export function LessonSearchForm({
  q,
  action,
  label = 'Search lessons',
}: {
  q: string
  action: string
  label?: string
}) {
  return (
    <form role="search" action={action} method="get" className="flex w-full gap-2 sm:w-auto">
      <label htmlFor="lesson-search" className="sr-only">
        {label}
      </label>
      <input
        id="lesson-search"
        type="search"
        name="q"
        defaultValue={q}
        maxLength={200}
        placeholder="Search text…"
        className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm sm:w-64"
      />
      <button
        type="submit"
        className="min-h-10 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-100"
      >
        Search
      </button>
    </form>
  )
}
