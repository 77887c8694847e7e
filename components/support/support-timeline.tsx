'use client'

import { type FormEvent, useEffect, useEffectEvent, useRef, useState } from 'react'
import { type TimelineField, type TimelinePage, timelinePageOf } from '@/lib/services/support/timeline-row'

/** An event's payload as name/value pairs; long values are folded behind their first characters. */
function PayloadFields({ fields }: { fields: TimelineField[] }) {
  if (fields.length === 0) return null
  return (
    <dl
      className="mt-1 grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)] gap-x-2 gap-y-0.5 text-xs"
      data-testid="payload-fields"
    >
      {fields.map((field) => (
        <div key={field.name} className="contents">
          <dt className="truncate font-mono text-slate-500">{field.name}</dt>
          <dd className="min-w-0 break-words whitespace-pre-wrap text-slate-800">
            {field.long ? (
              <details>
                <summary className="cursor-pointer text-slate-700">
                  {field.value.slice(0, 80).replace(/\s+/g, ' ')}…{' '}
                  <span className="text-slate-400">({field.value.length} chars)</span>
                </summary>
                <span className="block max-h-48 overflow-auto">{field.value}</span>
              </details>
            ) : (
              field.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  )
}

/** The run's events, a page at a time; `focus` (an #index) opens its page, scrolls to it and highlights it. */
export function SupportTimeline({
  endpoint,
  initial,
  focus,
  onFocus,
}: {
  endpoint: string
  initial: TimelinePage
  focus: { index: number; serial: number } | null
  onFocus: (index: number) => void
}) {
  const [page, setPage] = useState(initial)
  const [loading, setLoading] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [jump, setJump] = useState('')
  const listRef = useRef<HTMLOListElement>(null)
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize))

  async function open(number: number) {
    if (number === page.page) return true
    setLoading(true)
    setProblem(null)
    const response = await fetch(`${endpoint}?page=${number}`).catch(() => null)
    setLoading(false)
    if (!response?.ok) {
      setProblem('This page of the timeline could not be loaded.')
      return false
    }
    setPage((await response.json()) as TimelinePage)
    return true
  }

  // Reads the page size and open() of the latest render without making them reasons to re-run.
  const openPageOf = useEffectEvent((index: number) => void open(timelinePageOf(index, page.pageSize)))

  useEffect(() => {
    if (!focus) return
    openPageOf(focus.index)
    // Opening the page re-renders the rows; the effect below scrolls once the row is there.
  }, [focus])

  useEffect(() => {
    if (!focus) return
    const row = document.getElementById(`event-${focus.index}`)
    const list = listRef.current
    if (!row || !list) return
    // Centre the row inside the timeline's own scroll box, then bring it into the window if needed.
    list.scrollTop = row.offsetTop - (list.clientHeight - row.clientHeight) / 2
    row.scrollIntoView({ block: 'nearest' })
    row.focus({ preventScroll: true })
  }, [focus, page])

  function submitJump(event: FormEvent) {
    event.preventDefault()
    const index = Number(jump.replace(/^#/, ''))
    if (!Number.isInteger(index) || index < 0 || index >= page.total) {
      setProblem(`Enter an index from 0 to ${page.total - 1}.`)
      return
    }
    setProblem(null)
    onFocus(index)
  }

  return (
    <section
      aria-label="Timeline"
      className="flex min-w-0 flex-col self-start rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 className="text-base font-semibold text-slate-900">
          Timeline{' '}
          <span className="text-sm font-normal text-slate-500">
            {page.total} events · page {page.page + 1} of {pages}
          </span>
        </h2>
        <form onSubmit={submitJump} className="flex items-center gap-1">
          <label htmlFor="jump-to-event" className="text-xs text-slate-600">
            Jump to #
          </label>
          <input
            id="jump-to-event"
            inputMode="numeric"
            value={jump}
            onChange={(event) => setJump(event.target.value)}
            className="w-20 rounded-md border border-slate-300 px-2 py-1 text-sm"
          />
          <button type="submit" className="rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-100">
            Go
          </button>
        </form>
      </div>
      {problem ? (
        <p role="alert" className="px-4 pt-2 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <ol
        ref={listRef}
        className="relative max-h-[70vh] divide-y divide-slate-100 overflow-y-auto"
        aria-busy={loading || undefined}
        data-testid="timeline"
      >
        {page.rows.map((row) => {
          const highlighted = focus?.index === row.index
          return (
            <li
              key={row.index}
              id={`event-${row.index}`}
              tabIndex={-1}
              data-highlighted={highlighted || undefined}
              className={`scroll-mt-4 px-4 py-2 outline-none transition-colors ${highlighted ? 'bg-amber-50 ring-2 ring-amber-400 ring-inset' : ''}`}
            >
              <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
                <span className="font-mono text-sm font-semibold text-slate-900">
                  #{row.index} {row.type}
                </span>
                <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-600">{row.kind}</span>
                <span className="text-xs text-slate-500">
                  cause: <span className="font-mono">{row.cause}</span>
                </span>
              </div>
              <PayloadFields fields={row.fields} />
            </li>
          )
        })}
      </ol>
      <nav
        aria-label="Timeline pages"
        className="flex items-center justify-between border-t border-slate-200 px-4 py-2 text-sm"
      >
        <button
          type="button"
          disabled={page.page === 0 || loading}
          onClick={() => void open(page.page - 1)}
          className="rounded-md border border-slate-300 px-3 py-1 disabled:text-slate-300"
        >
          Previous
        </button>
        <span className="text-xs text-slate-500">
          #{page.page * page.pageSize}–#{Math.min(page.total, (page.page + 1) * page.pageSize) - 1}
        </span>
        <button
          type="button"
          disabled={page.page >= pages - 1 || loading}
          onClick={() => void open(page.page + 1)}
          className="rounded-md border border-slate-300 px-3 py-1 disabled:text-slate-300"
        >
          Next
        </button>
      </nav>
    </section>
  )
}
