import type { Metadata } from 'next'
import { ProposalCard } from '@/components/admin/proposal-card'
import { formatDate } from '@/components/lessons/format'
import { Card } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { requirePageAccess } from '@/lib/services/auth/session'
import { proposalSources } from '@/lib/services/lessons/curation'
import { listProposals } from '@/lib/services/lessons/proposals'
import { listSharedLessons } from '@/lib/services/lessons/shared-lessons'
import { lessonVerdicts } from '@/lib/services/experiments/lesson-verdicts'
import { ExperimentVerdicts } from '@/components/experiments/experiment-verdicts'
import { retireSharedLessonAction } from '../lessons/actions'
import { approveProposalAction, rejectProposalAction } from './actions'

const proposalActions = { approve: approveProposalAction, reject: rejectProposalAction }

export const metadata: Metadata = { title: 'Review' }

export default async function ReviewPage() {
  const caller = await requirePageAccess('lessons.curateShared')
  const [pending, approved, rejected] = await Promise.all([
    listProposals(caller, { status: 'pending' }),
    listProposals(caller, { status: 'approved' }),
    listProposals(caller, { status: 'rejected' }),
  ])
  const sources = await proposalSources(
    caller,
    pending.map((proposal) => proposal.lessonId),
  )
  const shared = await listSharedLessons(caller, {})
  const verdicts = await lessonVerdicts(caller)
  const hurting = shared.flatMap((lesson) => {
    const verdict = verdicts.get(lesson.id)
    return verdict?.verdict.kind === 'hurts' ? [verdict] : []
  })
  const reviewed = [...approved, ...rejected]
    .sort((a, b) => (b.reviewedAt?.getTime() ?? 0) - (a.reviewedAt?.getTime() ?? 0))
    .slice(0, 20)
  return (
    <div className="space-y-6">
      <PageHeader
        title="Review"
        description="Lessons members propose for sharing. Before one is shared with every run, remove personal data from it (highlighted), or confirm that it is not personal."
      />
      {hurting.length > 0 ? (
        <ExperimentVerdicts
          title="Shared lessons that hurt in an experiment"
          verdicts={hurting}
          lessons={new Map(shared.map((lesson) => [lesson.id, { content: lesson.content, status: lesson.status }]))}
          retireAction={retireSharedLessonAction}
        />
      ) : null}
      <section aria-labelledby="pending-heading" className="space-y-3">
        <h2 id="pending-heading" className="text-base font-semibold text-slate-900">
          Waiting for review ({pending.length})
        </h2>
        {pending.length === 0 ? (
          <p
            className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600"
            data-testid="no-proposals"
          >
            Nothing to review. Members propose lessons from their Lessons page.
          </p>
        ) : (
          <ul className="space-y-4">
            {pending.map((proposal) => (
              <ProposalCard
                key={proposal.id}
                proposal={proposal}
                source={sources.get(proposal.lessonId)}
                actions={proposalActions}
              />
            ))}
          </ul>
        )}
      </section>
      <Card title="Recently reviewed">
        {reviewed.length === 0 ? (
          <p className="text-sm text-slate-600">No proposal reviewed yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {reviewed.map((proposal) => (
              <li key={proposal.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
                <span className="min-w-0 flex-1">{proposal.content}</span>
                <span className={proposal.status === 'approved' ? 'text-emerald-700' : 'text-red-700'}>
                  {proposal.status}
                  {proposal.reviewNote ? `: ${proposal.reviewNote}` : ''} · {proposal.proposedBy.name}
                  {proposal.reviewedAt ? ` · ${formatDate(proposal.reviewedAt)}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  )
}
