'use server'

import { publicAction, type ServerAction } from '@/lib/boundary/actions/action'
import { setActiveTenant } from '@/lib/services/auth/active-tenant-cookie'
import { getSession } from '@/lib/services/auth/session'
import { acceptInvitationForm, acceptInvitationWithAccountForm } from '@/lib/services/tenants/forms'

const acceptAsSignedInUser = publicAction(acceptInvitationForm)

/** Joins the tenant as the signed-in user and makes it the active tenant. */
export const acceptInvitationAction: ServerAction<{ tenantId: string }> = async (previous, input) => {
  const result = await acceptAsSignedInUser(previous, input)
  const session = result.ok ? await getSession() : null
  if (result.ok && session) await setActiveTenant(session.user.id, result.data.tenantId)
  return result
}

/** Asks for an account that joins the tenant: mails the address a link that creates it (same answer for any address). */
export const acceptInvitationWithAccountAction = publicAction(acceptInvitationWithAccountForm)
