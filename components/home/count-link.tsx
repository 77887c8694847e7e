import Link from 'next/link'

/** A number with what it counts, as one link (e.g. "3 lessons" to /lessons). */
export function CountLink({
  href,
  count,
  one,
  many,
  testId,
}: {
  href: string
  count: number
  one: string
  many: string
  testId: string
}) {
  return (
    <Link
      href={href}
      data-testid={testId}
      data-count={count}
      className="flex min-h-16 items-baseline gap-2 rounded-md border border-slate-200 px-4 py-3 hover:border-indigo-300 hover:bg-indigo-50"
    >
      <span className="text-2xl font-semibold text-slate-900 tabular-nums">{count}</span>
      <span className="text-sm font-medium text-indigo-700">{count === 1 ? one : many}</span>
    </Link>
  )
}
