import { formatDate, score } from '@/components/lessons/format'
import { HighlightedText } from '@/components/lessons/highlighted-text'
import type { ProposalSource } from '@/lib/services/lessons/curation'
import type { ProposalView } from '@/lib/services/lessons/proposals'
import { ApproveProposalForm } from './approve-proposal-form'
import { RejectProposalForm } from './reject-proposal-form'
import type { ServerAction } from '@/lib/boundary/actions/action'
import { TextLink } from '@/components/ui/text-link'

/** One pending proposal: the text (personal data marked), who proposed it, its source run, approve / reject. */
export function ProposalCard<Approve, Reject>({
  proposal,
  source,
  actions,
}: {
  proposal: ProposalView
  source?: ProposalSource
  /** The page's server actions for a proposal. */
  actions: { approve: ServerAction<Approve>; reject: ServerAction<Reject> }
}) {
  return (
    <li
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="proposal"
      data-proposal-id={proposal.id}
    >
      <div className="space-y-1">
        <p className="text-sm font-medium text-slate-900" data-testid="proposal-content">
          <HighlightedText text={proposal.content} ranges={proposal.personalData} />
        </p>
        <p className="text-xs text-slate-600">
          Proposed by <span className="font-medium text-slate-800">{proposal.proposedBy.name}</span> on{' '}
          {formatDate(proposal.createdAt)}
          {source?.sourceRunId ? (
            <>
              {' · from '}
              <TextLink href={`/runs/${source.sourceRunId}`}>run {source.sourceRunId.slice(-6)}</TextLink>
              {source.sourceAttempt !== null ? `, attempt ${source.sourceAttempt}` : ''}
              {source.sourceScore !== null ? ` (score ${score(source.sourceScore)})` : ''}
            </>
          ) : (
            ' · written by hand'
          )}
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
        <ApproveProposalForm
          proposalId={proposal.id}
          content={proposal.content}
          tags={source?.tags}
          taskKey={source?.taskKey}
          action={actions.approve}
        />
        <RejectProposalForm proposalId={proposal.id} action={actions.reject} />
      </div>
    </li>
  )
}
