import Link from 'next/link'
import { RUN_STATUSES } from './run-format'

/** Status, text, tag and task-key filters of the runs list: a plain GET form, so it works without scripts. */
export function RunsFilter({
  status,
  q,
  tag,
  taskKey,
}: {
  status?: string
  q?: string
  tag?: string
  taskKey?: string
}) {
  const filtered = Boolean(status || q || tag || taskKey)
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
      <div className="space-y-1">
        <label htmlFor="runs-tag" className="block text-sm font-medium text-slate-800">
          Tag
        </label>
        <input
          id="runs-tag"
          name="tag"
          defaultValue={tag ?? ''}
          maxLength={64}
          placeholder="e.g. travel"
          className="block w-36 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
        />
      </div>
      <div className="space-y-1">
        <label htmlFor="runs-task-key" className="block text-sm font-medium text-slate-800">
          Task key
        </label>
        <input
          id="runs-task-key"
          name="taskKey"
          defaultValue={taskKey ?? ''}
          maxLength={128}
          placeholder="e.g. walking-tour"
          className="block w-40 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
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
