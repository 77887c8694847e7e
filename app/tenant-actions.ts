'use server'

import { redirect } from 'next/navigation'
import { setActiveTenant } from '@/lib/auth/active-tenant-cookie'
import { getSession } from '@/lib/auth/session'

/** Switches the active tenant (ignored unless the user is a member there), then goes home. */
export async function switchTenant(formData: FormData): Promise<void> {
  const session = await getSession()
  if (!session) redirect('/signin')
  const tenantId = formData.get('tenantId')
  if (typeof tenantId === 'string') await setActiveTenant(session.user.id, tenantId)
  redirect('/')
}
