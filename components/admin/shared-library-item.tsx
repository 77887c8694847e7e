import Link from 'next/link'
import { isoDay } from '@/components/lessons/format'
import { LessonLabels, LessonStats } from '@/components/lessons/lesson-meta'
import type { LessonOutcome } from '@/lib/services/lessons/lesson-outcomes'
import type { LessonView } from '@/lib/services/lessons/lesson-view'
import { TestLessonButton } from '@/components/experiments/experiment-buttons'
import { VerdictBadge } from '@/components/experiments/verdict-badge'
import type { LessonVerdict } from '@/lib/services/experiments/lesson-verdicts'
import { ActionButton } from './action-button'
import { SharedLessonForm } from './shared-lesson-form'
import type { ServerAction } from '@/lib/boundary/actions/action'

/** What an admin can do to a shared lesson: the page's server actions. */
export type SharedLibraryActions<Update, Retire, Restore, Test> = {
  update: ServerAction<Update>
  retire: ServerAction<Retire>
  restore: ServerAction<Restore>
  test: ServerAction<Test>
}

/** One lesson of the shared library: edit and retire when active, restore when retired. */
export function SharedLibraryItem<Update, Retire, Restore, Test>({
  lesson,
  outcome,
  verdict,
  actions,
}: {
  lesson: LessonView
  outcome?: LessonOutcome
  verdict?: LessonVerdict
  /** The page's server actions for a shared lesson. */
  actions: SharedLibraryActions<Update, Retire, Restore, Test>
}) {
  const active = lesson.status === 'active'
  const hurts = verdict?.verdict.kind === 'hurts'
  return (
    <li
      className="space-y-2 py-4"
      data-testid={active ? 'library-lesson' : 'retired-lesson'}
      data-lesson-id={lesson.id}
    >
      <Link
        href={`/lessons/${lesson.id}`}
        className="block text-sm font-medium text-slate-900 hover:text-indigo-700 hover:underline"
        data-testid="lesson-content"
      >
        {lesson.content}
      </Link>
      <LessonLabels lesson={lesson} />
      {verdict ? (
        <p className="text-xs text-slate-600" data-testid={hurts ? 'lesson-hurts' : 'lesson-verdict'}>
          Experiment:{' '}
          <Link href={`/experiments/${verdict.experimentId}`} className="underline">
            <VerdictBadge kind={verdict.verdict.kind} label={verdict.verdict.label} />
          </Link>
          {hurts && active ? ' — retire it so no run recalls it.' : ''}
        </p>
      ) : null}
      <LessonStats lesson={lesson} outcome={outcome} />
      <div className="flex flex-wrap items-start gap-2">
        {active ? (
          <>
            <details className="open:w-full">
              <summary className="inline-flex min-h-10 cursor-pointer list-none items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-100">
                Edit<span className="sr-only"> this shared lesson</span>
              </summary>
              <div className="mt-3 rounded-md border border-slate-200 bg-slate-50 p-3">
                <SharedLessonForm
                  lesson={{
                    id: lesson.id,
                    content: lesson.content,
                    tags: lesson.tags,
                    taskKey: lesson.taskKey,
                    expiresOn: isoDay(lesson.expiresAt),
                  }}
                  action={actions.update}
                />
              </div>
            </details>
            <ActionButton
              action={actions.retire}
              fields={{ lessonId: lesson.id }}
              label="Retire"
              pendingLabel="Retiring…"
              variant="danger"
              testId="retire-lesson"
            />
            <TestLessonButton lessonId={lesson.id} action={actions.test} />
          </>
        ) : (
          <ActionButton
            action={actions.restore}
            fields={{ lessonId: lesson.id }}
            label="Restore"
            pendingLabel="Restoring…"
            testId="restore-lesson"
          />
        )}
      </div>
    </li>
  )
}
