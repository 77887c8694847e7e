import Link from 'next/link'
import { ActionButton } from '@/components/admin/action-button'
import type { ServerAction } from '@/lib/boundary/actions/action'
import type { MyProposal } from '@/lib/services/lessons/curation'
import type { LessonOutcome } from '@/lib/services/lessons/lesson-outcomes'
import type { LessonView } from '@/lib/services/lessons/lesson-view'
import { EditLessonForm } from './edit-lesson-form'
import { LessonLabels, LessonProvenance, LessonStats } from './lesson-meta'
import { ProposalStatus } from './proposal-status'

/** One of my lessons: text, provenance, effect, edit / delete / propose, and its proposal's status. */
export function MyLessonItem<Update, Propose, Remove>({
  lesson,
  outcome,
  proposal,
  actions,
}: {
  lesson: LessonView
  outcome?: LessonOutcome
  proposal?: MyProposal
  /** The page's server actions for one of my lessons. */
  actions: { update: ServerAction<Update>; propose: ServerAction<Propose>; remove: ServerAction<Remove> }
}) {
  const canPropose = lesson.status === 'active' && (!proposal || proposal.status === 'rejected')
  return (
    <li className="space-y-3 py-4" data-testid="my-lesson" data-lesson-id={lesson.id}>
      <div className="space-y-1">
        <Link
          href={`/lessons/${lesson.id}`}
          className="block text-sm font-medium text-slate-900 hover:text-indigo-700 hover:underline"
          data-testid="lesson-content"
        >
          {lesson.content}
        </Link>
        <LessonLabels lesson={lesson} />
        <p className="text-xs text-slate-600">
          <LessonProvenance lesson={lesson} linkRun />
        </p>
        <LessonStats lesson={lesson} outcome={outcome} />
      </div>
      {proposal ? <ProposalStatus proposal={proposal} /> : null}
      <div className="flex flex-wrap items-start gap-2">
        <EditLessonForm lessonId={lesson.id} content={lesson.content} action={actions.update} />
        {canPropose ? (
          <ActionButton
            action={actions.propose}
            fields={{ lessonId: lesson.id }}
            label={proposal ? 'Propose again' : 'Propose for sharing'}
            pendingLabel="Proposing…"
            testId="propose-lesson"
          />
        ) : null}
        <details className="relative">
          <summary className="inline-flex min-h-10 cursor-pointer list-none items-center rounded-md border border-red-300 bg-white px-3 text-sm font-medium text-red-700 hover:bg-red-50">
            Delete…
          </summary>
          <div className="mt-2 w-64 space-y-2 rounded-md border border-slate-200 bg-white p-3 shadow-sm">
            <p className="text-xs text-slate-600">Your runs stop recalling this lesson. Its statistics go with it.</p>
            <ActionButton
              action={actions.remove}
              fields={{ lessonId: lesson.id }}
              label="Delete lesson"
              pendingLabel="Deleting…"
              variant="danger"
            />
          </div>
        </details>
      </div>
    </li>
  )
}
