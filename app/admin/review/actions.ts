'use server'

import { action } from '@/lib/boundary/actions/action'
import { approveProposalForm, rejectProposalForm } from '@/lib/services/curation/review-forms'

const revalidate = ['/admin/review', '/admin/lessons', '/lessons']

/** Approves a proposal as a shared lesson (personal data must be removed or confirmed). */
export const approveProposalAction = action(approveProposalForm, { revalidate })

/** Rejects a proposal with a reason the proposer sees. */
export const rejectProposalAction = action(rejectProposalForm, { revalidate })
