import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { MemoryLessonsCard } from '@/components/lessons/memory-lessons-card'
import { MyLessonItem } from '@/components/lessons/my-lesson-item'
import { LessonSearchForm } from '@/components/lessons/search-form'
import { SharedLessonItem } from '@/components/lessons/shared-lesson-item'
import { Card } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { can } from '@/lib/services/auth/permissions'
import { requireCaller } from '@/lib/services/auth/session'
import { listMyProposals } from '@/lib/services/lessons/curation'
import { lessonOutcomes } from '@/lib/services/lessons/lesson-outcomes'
import { listMyMemoryLessons } from '@/lib/services/lessons/memory-lessons'
import { listMyLessons } from '@/lib/services/lessons/my-lessons'
import { listSharedLessons } from '@/lib/services/lessons/shared-lessons'
import {
  deleteMemoryLessonAction,
  deleteMyLessonAction,
  editMemoryLessonAction,
  proposeLessonAction,
  updateMyLessonAction,
} from './actions'

const myLessonActions = { update: updateMyLessonAction, propose: proposeLessonAction, remove: deleteMyLessonAction }
const memoryLessonActions = { edit: editMemoryLessonAction, remove: deleteMemoryLessonAction }

export const metadata: Metadata = { title: 'Lessons' }

export default async function LessonsPage({ searchParams }: { searchParams: Promise<{ q?: string | string[] }> }) {
  const caller = await requireCaller()
  const ownLessons = can(caller.role, 'lessons.manageOwn')
  const sharedLessons = can(caller.role, 'lessons.readShared')
  if (!ownLessons && !sharedLessons) notFound()
  const raw = (await searchParams).q
  const q = (Array.isArray(raw) ? raw[0] : raw)?.slice(0, 200) ?? ''
  const [mine, memory, shared, proposals] = await Promise.all([
    ownLessons ? listMyLessons(caller, { q }) : [],
    ownLessons ? listMyMemoryLessons(caller) : [],
    sharedLessons ? listSharedLessons(caller, { q }) : [],
    ownLessons ? listMyProposals(caller) : new Map(),
  ])
  const outcomes = await lessonOutcomes(
    caller,
    [...mine, ...shared].map((lesson) => lesson.id),
  )
  return (
    <div className="space-y-6">
      <PageHeader
        title="Lessons"
        description={
          ownLessons
            ? 'What your runs learned from their failures, and the lessons your organisation shares with every run.'
            : 'The lessons your organisation shares with every run.'
        }
        actions={<LessonSearchForm q={q} action="/lessons" />}
      />
      {q ? (
        <p className="text-sm text-slate-600" role="status">
          Showing lessons that contain “{q}”.
        </p>
      ) : null}
      {ownLessons ? (
        <Card title={`My lessons (${mine.length})`}>
          {mine.length === 0 ? (
            <p className="text-sm text-slate-600" data-testid="no-lessons">
              {q
                ? 'None of your lessons match this search.'
                : 'No lessons yet. When a run fails an attempt, the lesson it draws is kept here and recalled by your next runs.'}
            </p>
          ) : (
            <ul className="-my-4 divide-y divide-slate-100">
              {mine.map((lesson) => (
                <MyLessonItem
                  key={lesson.id}
                  lesson={lesson}
                  outcome={outcomes.get(lesson.id)}
                  proposal={proposals.get(lesson.id)}
                  actions={myLessonActions}
                />
              ))}
            </ul>
          )}
        </Card>
      ) : null}
      {ownLessons ? (
        <MemoryLessonsCard
          actions={memoryLessonActions}
          lessons={q ? memory.filter((line) => line.toLowerCase().includes(q.toLowerCase())) : memory}
        />
      ) : null}
      {sharedLessons ? (
        <Card title={`Shared lessons (${shared.length})`}>
          {shared.length === 0 ? (
            <p className="text-sm text-slate-600">
              {q
                ? 'No shared lesson matches this search.'
                : 'No shared lessons yet. Admins share lessons that help every run.'}
            </p>
          ) : (
            <ul className="-my-4 divide-y divide-slate-100">
              {shared.map((lesson) => (
                <SharedLessonItem
                  key={lesson.id}
                  lesson={lesson}
                  outcome={outcomes.get(lesson.id)}
                  linkRun={can(caller.role, 'runs.readTenant')}
                />
              ))}
            </ul>
          )}
        </Card>
      ) : null}
    </div>
  )
}
