import type { MyProposal } from '@/lib/services/lessons/curation'
import { formatDate } from './format'

const STYLES = {
  pending: 'bg-amber-50 text-amber-900 border-amber-200',
  approved: 'bg-emerald-50 text-emerald-900 border-emerald-200',
  rejected: 'bg-red-50 text-red-900 border-red-200',
}
const WORDS = {
  pending: 'Proposed for sharing: waiting for an admin',
  approved: 'Shared: an admin approved it',
  rejected: 'Not shared: an admin rejected it',
}

/** The latest proposal of a lesson: its status and, when rejected, the admin's reason. */
export function ProposalStatus({ proposal }: { proposal: MyProposal }) {
  return (
    <div
      className={`rounded-md border px-3 py-2 text-sm ${STYLES[proposal.status]}`}
      data-testid="proposal-status"
      data-status={proposal.status}
    >
      <p className="font-medium">
        {WORDS[proposal.status]}{' '}
        <span className="font-normal">({formatDate(proposal.reviewedAt ?? proposal.createdAt)})</span>
      </p>
      {proposal.status === 'rejected' && proposal.reviewNote ? (
        <p className="mt-1" data-testid="rejection-reason">
          Reason: {proposal.reviewNote}
        </p>
      ) : null}
    </div>
  )
}
