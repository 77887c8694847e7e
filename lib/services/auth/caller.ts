import type { Role } from './permissions'

declare const callerBrand: unique symbol

/**
 * Who is asking, in which tenant: the signed-in user and their membership there. Every
 * data-access function takes one, so no query can be written without a tenant and a caller.
 * Branded: only `callerOf` makes one (from a session whose membership was loaded from the database).
 */
export type Caller = {
  readonly userId: string
  readonly tenantId: string
  readonly role: Role
  readonly [callerBrand]: true
}

/** What a caller is made from: a signed-in user and the membership they act in (a session, or an API key's). */
export type CallerSource = { user: { id: string }; active: { tenantId: string; role: Role } | null }

/** The caller a session acts as: the user in the active tenant, or null without one. The one maker of a Caller. */
export function callerOf(session: CallerSource | null): Caller | null {
  if (!session?.active) return null
  return { userId: session.user.id, tenantId: session.active.tenantId, role: session.active.role } as Caller
}
