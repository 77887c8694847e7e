import Link from 'next/link'

/** The console filters as they were submitted (strings, from the URL). */
export type SupportFilterValues = { status: string; user: string; from: string; to: string; q: string }

const STATUSES = ['', 'failed', 'interrupted', 'succeeded', 'running', 'queued', 'cancelled']
const control = 'block w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm'

/** A GET form: status, person, date range and text; the list re-renders from the URL. */
export function SupportFilters({
  values,
  people,
}: {
  values: SupportFilterValues
  people: { id: string; name: string }[]
}) {
  return (
    <form
      method="get"
      action="/support"
      className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm lg:grid-cols-[repeat(4,minmax(0,1fr))_minmax(0,1.5fr)_auto]"
      aria-label="Filter runs"
    >
      <label className="space-y-1 text-sm font-medium text-slate-800">
        <span>Status</span>
        <select name="status" defaultValue={values.status} className={control}>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {status || 'Any status'}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1 text-sm font-medium text-slate-800">
        <span>Person</span>
        <select name="user" defaultValue={values.user} className={control}>
          <option value="">Anyone</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1 text-sm font-medium text-slate-800">
        <span>From</span>
        <input type="date" name="from" defaultValue={values.from} className={control} />
      </label>
      <label className="space-y-1 text-sm font-medium text-slate-800">
        <span>To</span>
        <input type="date" name="to" defaultValue={values.to} className={control} />
      </label>
      <label className="col-span-2 space-y-1 text-sm font-medium text-slate-800 lg:col-span-1">
        <span>Text</span>
        <input
          type="search"
          name="q"
          defaultValue={values.q}
          maxLength={200}
          placeholder="Title or prompt"
          className={control}
        />
      </label>
      <div className="col-span-2 flex items-end gap-2 lg:col-span-1">
        <button
          type="submit"
          className="inline-flex min-h-10 items-center rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700"
        >
          Filter
        </button>
        <Link
          href="/support"
          className="inline-flex min-h-10 items-center rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-700 hover:bg-slate-100"
        >
          Clear
        </Link>
      </div>
    </form>
  )
}
