'use server'

import { action } from '@/lib/actions/action'
import { changeRoleForm, inviteMemberForm, removeMemberForm } from '@/lib/tenants/forms'

const revalidate = ['/settings/members']

/** Creates a single-use invitation; the result carries the code, shown once. */
export const inviteMemberAction = action(inviteMemberForm, { revalidate })

/** Changes a member's role (audited). */
export const changeRoleAction = action(changeRoleForm, { revalidate })

/** Removes a member from the tenant (audited). */
export const removeMemberAction = action(removeMemberForm, { revalidate })
