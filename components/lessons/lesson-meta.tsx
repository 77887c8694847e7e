import Link from 'next/link'
import type { LessonOutcome } from '@/lib/services/lessons/lesson-outcomes'
import type { LessonView } from '@/lib/services/lessons/lesson-view'
import { formatDate, percent, plural, score } from './format'

/** Where a lesson came from: its run (linked when the viewer may open it), attempt and score. */
export function LessonProvenance({ lesson, linkRun }: { lesson: LessonView; linkRun: boolean }) {
  if (!lesson.sourceRunId && lesson.sourceNote)
    return (
      <span>
        Learned {lesson.sourceNote}
        {lesson.sourceAttempt !== null ? `, attempt ${lesson.sourceAttempt}` : ''}
      </span>
    )
  if (!lesson.sourceRunId)
    return (
      <span>
        Written by hand{lesson.shared ? ' by an admin' : ''}, {formatDate(lesson.createdAt)}
      </span>
    )
  const run = linkRun ? (
    <Link href={`/runs/${lesson.sourceRunId}`} className="text-indigo-700 underline">
      run {lesson.sourceRunId.slice(-6)}
    </Link>
  ) : (
    <span>a run</span>
  )
  return (
    <span>
      From {run}
      {lesson.sourceAttempt !== null ? `, attempt ${lesson.sourceAttempt}` : ''}
      {lesson.sourceScore !== null ? ` (score ${score(lesson.sourceScore)})` : ''}, {formatDate(lesson.createdAt)}
    </span>
  )
}

/** How a lesson has done since: times recalled, and how the finished runs that recalled it scored. */
export function LessonStats({ lesson, outcome }: { lesson: LessonView; outcome: LessonOutcome | undefined }) {
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
      <div className="flex gap-1">
        <dt>Recalled</dt>
        <dd className="font-medium text-slate-900">{plural(lesson.timesRecalled, 'time')}</dd>
      </div>
      <div className="flex gap-1">
        <dt>Runs that recalled it</dt>
        <dd className="font-medium text-slate-900">{outcome?.runs ?? 0}</dd>
      </div>
      <div className="flex gap-1">
        <dt>Pass rate</dt>
        <dd className="font-medium text-slate-900">{percent(outcome?.passRate ?? null)}</dd>
      </div>
      <div className="flex gap-1">
        <dt>Mean best score</dt>
        <dd className="font-medium text-slate-900">{score(outcome?.meanBestScore ?? null)}</dd>
      </div>
    </dl>
  )
}

/** Tags, task key and expiry as small badges. */
export function LessonLabels({ lesson }: { lesson: Pick<LessonView, 'tags' | 'taskKey' | 'expiresAt' | 'status'> }) {
  const expired = lesson.expiresAt !== null && lesson.expiresAt.getTime() <= Date.now()
  return (
    <div className="flex flex-wrap gap-1 text-xs">
      {lesson.status === 'retired' ? (
        <span className="rounded-full bg-slate-200 px-2 py-0.5 font-medium text-slate-700">retired</span>
      ) : null}
      {lesson.taskKey ? (
        <span className="rounded-full bg-indigo-50 px-2 py-0.5 font-mono text-indigo-800">task: {lesson.taskKey}</span>
      ) : null}
      {lesson.tags.map((tag) => (
        <span key={tag} className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">
          #{tag}
        </span>
      ))}
      {lesson.expiresAt ? (
        <span
          className={`rounded-full px-2 py-0.5 ${expired ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900'}`}
        >
          {expired ? 'expired' : 'expires'} {formatDate(lesson.expiresAt)}
        </span>
      ) : null}
    </div>
  )
}
