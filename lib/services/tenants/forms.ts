import 'server-only'
import { z } from 'zod'
import { defineAction, definePublicAction } from '../../boundary/actions/define'
import { ROLES } from '../auth/permissions'
import { AppError } from '../../errors'
import { emailField, passwordField, personNameField } from '../users/schemas'
import { requestSignUp } from '../users/sign-up'
import { acceptInvitation, createInvitation, revokeInvitation } from './invitations'
import { changeMemberRole, removeMember } from './members'

/** The forms of member management and invitations (schemas + permission + the service they call). */

const roleField = z.enum(ROLES, { error: `Choose a role: ${ROLES.join(', ')}.` })
const idField = (what: string) =>
  z
    .string({ error: `Missing ${what}.` })
    .trim()
    .min(1, `Missing ${what}.`)
    .max(64, `That is not a valid ${what}.`)
const codeField = z
  .string({ error: 'Missing invitation code.' })
  .trim()
  .min(16, 'That invitation code is incomplete.')
  .max(128, 'That is not an invitation code.')
const optionalEmail = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  emailField.optional(),
)

/** Invite someone with a role (and optionally only one email address). */
export const inviteMemberForm = defineAction({
  permission: 'members.manage',
  schema: z.object({ role: roleField, email: optionalEmail }),
  handler: async (input, caller) => {
    const invitation = await createInvitation(caller, input)
    return {
      code: invitation.code,
      path: `/invite/${invitation.code}`,
      expiresAt: invitation.expiresAt.toISOString(),
      mailedTo: invitation.mailedTo,
    }
  },
})

/** Change a member's role. */
export const changeRoleForm = defineAction({
  permission: 'members.manage',
  schema: z.object({ membershipId: idField('member'), role: roleField }),
  handler: (input, caller) => changeMemberRole(caller, input.membershipId, input.role),
})

/** Remove a member from the tenant. */
export const removeMemberForm = defineAction({
  permission: 'members.manage',
  schema: z.object({ membershipId: idField('member') }),
  handler: (input, caller) => removeMember(caller, input.membershipId),
})

/** Revoke a pending invitation: its link stops working (audited). */
export const revokeInvitationForm = defineAction({
  permission: 'members.manage',
  schema: z.object({ invitationId: idField('invitation') }),
  handler: (input, caller) => revokeInvitation(caller, input.invitationId),
})

/** Accept an invitation as the signed-in user. */
export const acceptInvitationForm = definePublicAction({
  schema: z.object({ code: codeField }),
  handler: async (input, viewer) => {
    if (!viewer.userId) throw new AppError('unauthorized', 'Sign in first, or create an account below.')
    const joined = await acceptInvitation(input.code, viewer.userId)
    return { tenantId: joined.tenantId }
  },
})

/** Accept an invitation with a new account: mails a link that proves the address; the link creates the account. */
export const acceptInvitationWithAccountForm = definePublicAction({
  schema: z.object({ code: codeField, name: personNameField, email: emailField, password: passwordField }),
  handler: ({ code, ...account }, viewer) =>
    requestSignUp({ ...account, invitationCode: code, address: viewer.address ?? 'unknown' }),
})
