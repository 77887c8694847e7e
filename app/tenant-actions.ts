'use server'

import { redirect } from 'next/navigation'
import { setActiveTenant } from '@/lib/services/auth/active-tenant-cookie'
import { getSession } from '@/lib/services/auth/session'
import { parseSwitchTenantInput } from '@/lib/services/tenants/switch-tenant-input'

/** Switches the active tenant (ignored unless the user is a member there), then goes home. */
export async function switchTenant(input: FormData | object): Promise<void> {
  const session = await getSession()
  if (!session) redirect('/signin')
  // A call with anything but a tenant id (a plain object, no field) changes nothing: it was a 500.
  const parsed = parseSwitchTenantInput(input)
  if (parsed.ok) await setActiveTenant(session.user.id, parsed.tenantId)
  redirect('/')
}
