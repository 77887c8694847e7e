import Link from 'next/link'
import { percent } from '@/components/lessons/format'
import type { ComparedEffect, RunGroup } from '@/lib/services/lessons/lesson-outcomes'

/** The columns the effect table sorts by. */
export const EFFECT_SORTS = {
  recalled: 'Times recalled',
  pass: 'Pass rate (recalling)',
  gap: 'Pass-rate difference',
  attempts: 'Mean attempts (recalling)',
} as const
export type EffectSort = keyof typeof EFFECT_SORTS

const gap = (effect: ComparedEffect) =>
  effect.recalling.passRate === null || effect.comparable.passRate === null
    ? null
    : effect.recalling.passRate - effect.comparable.passRate
const KEYS: Record<EffectSort, (effect: ComparedEffect) => number | null> = {
  recalled: (effect) => effect.timesRecalled,
  pass: (effect) => effect.recalling.passRate,
  gap,
  attempts: (effect) => effect.recalling.meanAttempts,
}

/** Sorts effects by a column; rows without a value go last either way. */
export function sortEffects(effects: ComparedEffect[], sort: EffectSort, direction: 'asc' | 'desc'): ComparedEffect[] {
  const key = KEYS[sort]
  return [...effects].sort((left, right) => {
    const a = key(left)
    const b = key(right)
    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1
    return direction === 'asc' ? a - b : b - a
  })
}

function Group({ group, excluded }: { group: RunGroup; excluded: number }) {
  return (
    <>
      <span className="font-medium text-slate-900">{percent(group.passRate)}</span>
      <span className="block text-xs text-slate-500">
        {group.runs} run{group.runs === 1 ? '' : 's'},{' '}
        {group.meanAttempts === null ? '—' : group.meanAttempts.toFixed(1)} attempts
        {excluded ? ` · ${excluded} left out` : ''}
      </span>
    </>
  )
}

function SortHeader({ column, sort, direction }: { column: EffectSort; sort: EffectSort; direction: 'asc' | 'desc' }) {
  const active = column === sort
  const next = active && direction === 'desc' ? 'asc' : 'desc'
  return (
    <th
      scope="col"
      className="px-4 py-2 font-medium"
      aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <Link
        href={`/admin/effect?sort=${column}&dir=${next}`}
        className="inline-flex items-center gap-1 hover:text-slate-900 hover:underline"
      >
        {EFFECT_SORTS[column]}
        <span aria-hidden>{active ? (direction === 'asc' ? '▲' : '▼') : '↕'}</span>
      </Link>
    </th>
  )
}

/** Every shared lesson against comparable runs, sortable, with a "worse" flag. */
export function EffectTable({
  effects,
  sort,
  direction,
}: {
  effects: ComparedEffect[]
  sort: EffectSort
  direction: 'asc' | 'desc'
}) {
  return (
    <div className="-mx-5 overflow-x-auto">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">Effect of each shared lesson, sorted by {EFFECT_SORTS[sort]}</caption>
        <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              Lesson
            </th>
            <SortHeader column="recalled" sort={sort} direction={direction} />
            <SortHeader column="pass" sort={sort} direction={direction} />
            <th scope="col" className="px-4 py-2 font-medium">
              Comparable runs
            </th>
            <SortHeader column="gap" sort={sort} direction={direction} />
            <SortHeader column="attempts" sort={sort} direction={direction} />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {effects.map((effect) => {
            const difference = gap(effect)
            return (
              <tr
                key={effect.lessonId}
                data-testid="effect-row"
                data-worse={effect.worse || undefined}
                className={effect.worse ? 'bg-red-50' : undefined}
              >
                <td className="max-w-xs min-w-[14rem] px-4 py-2">
                  <Link href={`/lessons/${effect.lessonId}`} className="text-slate-900 hover:underline">
                    {effect.content}
                  </Link>
                  <span className="mt-1 flex flex-wrap gap-1 text-xs">
                    {effect.worse ? (
                      <span className="rounded-full bg-red-600 px-2 py-0.5 font-semibold text-white">worse</span>
                    ) : null}
                    {effect.status === 'retired' ? (
                      <span className="rounded-full bg-slate-200 px-2 py-0.5 text-slate-700">retired</span>
                    ) : null}
                    {effect.evaluatorKinds.map((kind) => (
                      <span key={kind} className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-600">
                        {kind}
                      </span>
                    ))}
                  </span>
                </td>
                <td className="px-4 py-2">{effect.timesRecalled}</td>
                <td className="px-4 py-2">
                  <Group group={effect.recalling} excluded={effect.excluded.recalling} />
                </td>
                <td className="px-4 py-2">
                  <Group group={effect.comparable} excluded={effect.excluded.comparable} />
                </td>
                <td
                  className={`px-4 py-2 font-medium ${difference !== null && difference < 0 ? 'text-red-700' : 'text-slate-900'}`}
                >
                  {difference === null ? '—' : `${difference > 0 ? '+' : ''}${Math.round(difference * 100)} pts`}
                </td>
                <td className="px-4 py-2">
                  {effect.recalling.meanAttempts === null ? '—' : effect.recalling.meanAttempts.toFixed(1)}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
