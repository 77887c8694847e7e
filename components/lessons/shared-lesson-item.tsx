import Link from 'next/link'
import type { LessonOutcome } from '@/lib/services/lessons/lesson-outcomes'
import type { LessonView } from '@/lib/services/lessons/lesson-view'
import { LessonLabels, LessonProvenance, LessonStats } from './lesson-meta'

/** A shared lesson, read-only: text, labels, provenance, effect. */
export function SharedLessonItem({
  lesson,
  outcome,
  linkRun,
}: {
  lesson: LessonView
  outcome?: LessonOutcome
  linkRun: boolean
}) {
  return (
    <li className="space-y-1 py-4" data-testid="shared-lesson" data-lesson-id={lesson.id}>
      <Link
        href={`/lessons/${lesson.id}`}
        className="block text-sm font-medium text-slate-900 hover:text-indigo-700 hover:underline"
      >
        {lesson.content}
      </Link>
      <LessonLabels lesson={lesson} />
      <p className="text-xs text-slate-600">
        <LessonProvenance lesson={lesson} linkRun={linkRun} />
      </p>
      <LessonStats lesson={lesson} outcome={outcome} />
    </li>
  )
}
