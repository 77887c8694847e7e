'use server'

import { action } from '@/lib/boundary/actions/action'
import { changeRoleForm, inviteMemberForm, removeMemberForm, revokeInvitationForm } from '@/lib/services/tenants/forms'

const revalidate = ['/settings/members']

/** Creates a single-use invitation; the result carries the code, shown once. */
export const inviteMemberAction = action(inviteMemberForm, { revalidate })

/** Changes a member's role (audited). */
export const changeRoleAction = action(changeRoleForm, { revalidate })

/** Removes a member from the tenant (audited), then returns to the list, which says so. */
export const removeMemberAction = action(removeMemberForm, { revalidate, redirectTo: '/settings/members?removed=1' })

/** Revokes a pending invitation (audited). */
export const revokeInvitationAction = action(revokeInvitationForm, { revalidate })
