import type { Role } from './permissions'

/** The cookie that names the active tenant; always validated against the user's memberships. */
export const ACTIVE_TENANT_COOKIE = 'rs_tenant'

/** One of the signed-in user's memberships, as the session carries it. */
export type SessionMembership = {
  membershipId: string
  tenantId: string
  tenantName: string
  role: Role
  /** The tenant accepts only single sign-on sessions (password sign-in turned off). */
  ssoOnly?: boolean
}

/** The membership the user acts in: the one the cookie names if it is theirs, else their first. */
export function pickActiveMembership(
  memberships: SessionMembership[],
  requestedTenantId: string | undefined,
): SessionMembership | null {
  return memberships.find((membership) => membership.tenantId === requestedTenantId) ?? memberships[0] ?? null
}
