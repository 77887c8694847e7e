import type { Metadata } from 'next'
import { SharedLessonForm } from '@/components/admin/shared-lesson-form'
import { SharedLibraryItem } from '@/components/admin/shared-library-item'
import { LessonSearchForm } from '@/components/lessons/search-form'
import { Card } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { requirePageAccess } from '@/lib/services/auth/session'
import { lessonOutcomes } from '@/lib/services/lessons/lesson-outcomes'
import { listSharedLessons } from '@/lib/services/lessons/shared-lessons'
import { lessonVerdicts } from '@/lib/services/experiments/lesson-verdicts'
import { testLessonAction } from '@/app/experiments/actions'
import {
  createSharedLessonAction,
  restoreSharedLessonAction,
  retireSharedLessonAction,
  updateSharedLessonAction,
} from './actions'

const libraryActions = {
  update: updateSharedLessonAction,
  retire: retireSharedLessonAction,
  restore: restoreSharedLessonAction,
  test: testLessonAction,
}

export const metadata: Metadata = { title: 'Shared lessons' }

export default async function SharedLibraryPage({
  searchParams,
}: {
  searchParams: Promise<{ q?: string | string[] }>
}) {
  const caller = await requirePageAccess('lessons.curateShared')
  const raw = (await searchParams).q
  const q = (Array.isArray(raw) ? raw[0] : raw)?.slice(0, 200) ?? ''
  const lessons = await listSharedLessons(caller, { q, includeRetired: true })
  const outcomes = await lessonOutcomes(
    caller,
    lessons.map((lesson) => lesson.id),
  )
  const verdicts = await lessonVerdicts(caller)
  const active = lessons.filter((lesson) => lesson.status === 'active')
  const retired = lessons.filter((lesson) => lesson.status === 'retired')
  return (
    <div className="space-y-6">
      <PageHeader
        title="Shared lessons"
        description="Lessons every run of the organisation may recall. Keep them short, specific and actionable; tag them so the right runs find them; retire what no longer holds."
        actions={<LessonSearchForm q={q} action="/admin/lessons" label="Search shared lessons" />}
      />
      <Card title="New shared lesson">
        <SharedLessonForm action={createSharedLessonAction} />
      </Card>
      <Card title={`Active (${active.length})`}>
        {active.length === 0 ? (
          <p className="text-sm text-slate-600">
            {q
              ? 'No active shared lesson matches this search.'
              : 'No shared lessons yet: write one above, or approve a member’s proposal in Review.'}
          </p>
        ) : (
          <ul className="-my-4 divide-y divide-slate-100">
            {active.map((lesson) => (
              <SharedLibraryItem
                key={lesson.id}
                lesson={lesson}
                outcome={outcomes.get(lesson.id)}
                verdict={verdicts.get(lesson.id)}
                actions={libraryActions}
              />
            ))}
          </ul>
        )}
      </Card>
      <Card title={`Retired (${retired.length})`}>
        {retired.length === 0 ? (
          <p className="text-sm text-slate-600">
            No retired lessons. Retired lessons are never recalled, and can be restored.
          </p>
        ) : (
          <ul className="-my-4 divide-y divide-slate-100">
            {retired.map((lesson) => (
              <SharedLibraryItem
                key={lesson.id}
                lesson={lesson}
                outcome={outcomes.get(lesson.id)}
                actions={libraryActions}
              />
            ))}
          </ul>
        )}
      </Card>
    </div>
  )
}
