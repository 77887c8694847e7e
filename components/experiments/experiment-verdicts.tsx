import Link from 'next/link'
import { ActionButton } from '@/components/admin/action-button'
import { Card } from '@/components/ui/card'
import type { LessonVerdict } from '@/lib/services/experiments/lesson-verdicts'
import { VerdictBadge } from './verdict-badge'
import type { ServerAction } from '@/lib/boundary/actions/action'

/** The effect page's first section: the newest experimental verdict per lesson, a harmful one retirable in one click. */
export function ExperimentVerdicts<Data>({
  verdicts,
  lessons,
  retireAction,
  title = 'From experiments',
}: {
  verdicts: LessonVerdict[]
  lessons?: Map<string, { content: string; status: string }>
  title?: string
  /** Retires a shared lesson (the page's server action). */
  retireAction: ServerAction<Data>
}) {
  return (
    <Card title={`${title} (${verdicts.length})`}>
      {verdicts.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="no-verdicts">
          No experiment has judged a lesson yet. Use “Test this lesson” in{' '}
          <Link href="/admin/lessons" className="text-indigo-700 underline">
            Shared lessons
          </Link>
          , or start one from a{' '}
          <Link href="/datasets" className="text-indigo-700 underline">
            dataset
          </Link>
          .
        </p>
      ) : (
        <ul className="-my-3 divide-y divide-slate-100" data-testid="experiment-verdicts">
          {verdicts.map((entry) => (
            <li key={entry.lessonId} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0 space-y-1">
                <Link href={`/lessons/${entry.lessonId}`} className="text-sm text-slate-900 hover:underline">
                  {lessons?.get(entry.lessonId)?.content ?? 'Lesson'}
                </Link>
                <p className="text-xs text-slate-500">
                  <VerdictBadge kind={entry.verdict.kind} label={entry.verdict.label} /> ·{' '}
                  <Link href={`/experiments/${entry.experimentId}`} className="text-indigo-700 underline">
                    {entry.experimentName}
                  </Link>{' '}
                  ({entry.verdict.pairs} tasks, p = {entry.verdict.pValue.toFixed(3)})
                </p>
              </div>
              {entry.verdict.kind === 'hurts' && lessons?.get(entry.lessonId)?.status === 'active' ? (
                <ActionButton
                  action={retireAction}
                  fields={{ lessonId: entry.lessonId }}
                  label="Retire"
                  variant="danger"
                  success="Retired."
                  testId="retire-harmful"
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
