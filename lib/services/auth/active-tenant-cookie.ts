import 'server-only'
import { cookies } from 'next/headers'
import { env } from '../../env'
import { listMembershipsOfUser } from '../users/queries'
import { ACTIVE_TENANT_COOKIE } from './active-tenant'

/**
 * Makes a tenant the user's active one (httpOnly, SameSite=lax cookie, secure over https) when
 * the user is a member there; returns false, changing nothing, otherwise.
 */
export async function setActiveTenant(userId: string, tenantId: string): Promise<boolean> {
  const memberships = await listMembershipsOfUser(userId)
  if (!memberships.some((membership) => membership.tenantId === tenantId)) return false
  ;(await cookies()).set(ACTIVE_TENANT_COOKIE, tenantId, {
    httpOnly: true,
    sameSite: 'lax',
    secure: (env.NEXTAUTH_URL ?? '').startsWith('https://'),
    path: '/',
    maxAge: 60 * 60 * 24 * 30,
  })
  return true
}
