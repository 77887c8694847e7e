import Link from 'next/link'
import { RUN_STATUSES } from './run-format'

/** Status and text filters of the runs list: a plain GET form, so it works without scripts. */
export function RunsFilter({ status, q }: { status?: string; q?: string }) {
  const filtered = Boolean(status || q)
  return (
    <form
      method="get"
      action="/runs"
      role="search"
      aria-label="Filter runs"
      className="mb-4 flex flex-wrap items-end gap-3"
    >
      <div className="space-y-1">
        <label htmlFor="runs-status" className="block text-sm font-medium text-slate-800">
          Status
        </label>
        <select
          id="runs-status"
          name="status"
          defaultValue={status ?? ''}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
        >
          <option value="">Any status</option>
          {RUN_STATUSES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0 flex-1 space-y-1 sm:max-w-sm">
        <label htmlFor="runs-q" className="block text-sm font-medium text-slate-800">
          Search
        </label>
        <input
          id="runs-q"
          name="q"
          type="search"
          defaultValue={q ?? ''}
          maxLength={200}
          placeholder="Title or prompt"
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
        />
      </div>
      <button
        type="submit"
        className="min-h-10 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-100"
      >
        Filter
      </button>
      {filtered ? (
        <Link href="/runs" className="py-2 text-sm text-indigo-700 underline">
          Clear filters
        </Link>
      ) : null}
    </form>
  )
}
