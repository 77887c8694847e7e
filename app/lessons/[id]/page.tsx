import type { Metadata } from 'next'
import Link from 'next/link'
import { LessonLabels, LessonProvenance, LessonStats } from '@/components/lessons/lesson-meta'
import { formatDate, score } from '@/components/lessons/format'
import { Card } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { can } from '@/lib/services/auth/permissions'
import { orNotFound, requireCaller } from '@/lib/services/auth/session'
import { lessonOutcomes, lessonRecallHistory } from '@/lib/services/lessons/lesson-outcomes'
import { getLesson } from '@/lib/services/lessons/my-lessons'
import { TableHead } from '@/components/ui/table-head'

export const metadata: Metadata = { title: 'Lesson' }

export default async function LessonPage({ params }: { params: Promise<{ id: string }> }) {
  const caller = await requireCaller()
  const { id } = await params
  const lesson = await orNotFound(getLesson(caller, id))
  const [history, outcomes] = await Promise.all([lessonRecallHistory(caller, id), lessonOutcomes(caller, [id])])
  const mine = lesson.userKey === caller.userId
  const title = mine ? 'My lesson' : lesson.shared ? 'Shared lesson' : 'A member’s lesson'
  return (
    <div className="space-y-6">
      <PageHeader
        title={title}
        description={
          <>
            {!mine && !lesson.shared ? (
              <span className="block" data-testid="read-only-lesson">
                Read only: this lesson belongs to the member whose run wrote it; only they can edit or delete it.
              </span>
            ) : null}
            <Link href="/lessons" className="text-indigo-700 underline">
              Back to lessons
            </Link>
          </>
        }
      />
      <Card>
        <p className="text-base font-medium text-slate-900" data-testid="lesson-content">
          {lesson.content}
        </p>
        <div className="mt-3 space-y-2">
          <LessonLabels lesson={lesson} />
          <p className="text-sm text-slate-600">
            <LessonProvenance lesson={lesson} linkRun={mine || can(caller.role, 'runs.readTenant')} />
          </p>
          <LessonStats lesson={lesson} outcome={outcomes.get(lesson.id)} />
        </div>
      </Card>
      <Card title="Recall history">
        {history.length === 0 ? (
          <p className="text-sm text-slate-600">No run has recalled this lesson yet.</p>
        ) : (
          <div className="-mx-5 overflow-x-auto">
            <table className="w-full min-w-[32rem] text-left text-sm">
              <caption className="sr-only">Runs that recalled this lesson, newest first</caption>
              <TableHead columns={['Run', 'Attempts that saw it', 'Outcome', 'Best score', 'When']} />
              <tbody className="divide-y divide-slate-100">
                {history.map((entry, position) => (
                  <tr key={entry.runId || `hidden-${position}`} data-testid="recall-row">
                    <td className="px-5 py-2">
                      {entry.visible ? (
                        <Link href={`/runs/${entry.runId}`} className="text-indigo-700 underline">
                          {entry.title}
                        </Link>
                      ) : (
                        <span className="text-slate-500">{entry.title}</span>
                      )}
                    </td>
                    <td className="px-5 py-2">{entry.attempts.join(', ')}</td>
                    <td className="px-5 py-2">{entry.status}</td>
                    <td className="px-5 py-2">{score(entry.bestScore)}</td>
                    <td className="px-5 py-2 text-slate-600">{formatDate(entry.at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  )
}
