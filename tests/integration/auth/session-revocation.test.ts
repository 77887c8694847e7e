// Sessions end on the server: a session cookie is a signed token the server cannot delete, so each
// one carries the user's session version and a bump (sign-out, role change, removal) voids it.
import { describe, expect, it } from 'vitest'
import type { JWT } from 'next-auth/jwt'
import { authOptions } from '../../../lib/services/auth/options'
import { callerOf, loadSession } from '../../../lib/services/auth/session'
import { currentSessionVersion } from '../../../lib/services/auth/session-version'
import { changeMemberRole, removeMember } from '../../../lib/services/tenants/members'
import { getPrisma } from '../../../lib/adapters/db/client'
import { addUser, createTenantWithUsers } from '../helpers'

/** The token Auth.js makes at a password sign-in, through our jwt callback. */
async function signInToken(userId: string): Promise<JWT> {
  const jwt = authOptions().callbacks!.jwt!
  return jwt({ token: {}, user: { id: userId } as never, account: null } as never)
}

async function sessionOf(token: JWT, tenantId: string) {
  return loadSession(token.sub!, tenantId, 'password', token.sv as number)
}

async function membershipId(tenantId: string, userId: string): Promise<string> {
  const prisma = await getPrisma()
  return (await prisma.membership.findFirstOrThrow({ where: { tenantId, userId } })).id
}

describe('session revocation', () => {
  it('signing out voids the signed-out token and every other session of the user, not a new one', async () => {
    const tenant = await createTenantWithUsers({ roles: ['admin', 'member'] })
    const laptop = await signInToken(tenant.member.id)
    const phone = await signInToken(tenant.member.id)
    expect(callerOf(await sessionOf(laptop, tenant.id))).toEqual(tenant.member.caller)

    await authOptions().events!.signOut!({ token: laptop, session: undefined as never })
    // The cookie captured before sign-out no longer signs anyone in, nor does the other device's.
    expect(await sessionOf(laptop, tenant.id)).toBeNull()
    expect(await sessionOf(phone, tenant.id)).toBeNull()
    // Signing in again works, and other users' sessions were not touched.
    expect(callerOf(await sessionOf(await signInToken(tenant.member.id), tenant.id))).toEqual(tenant.member.caller)
    expect(callerOf(await sessionOf(await signInToken(tenant.admin.id), tenant.id))).toEqual(tenant.admin.caller)
  })

  it('a role change and a removal end the member’s sessions', async () => {
    const tenant = await createTenantWithUsers({ roles: ['admin', 'member'] })
    const other = await addUser(tenant.id, 'member', 'other')
    const before = await signInToken(tenant.member.id)
    await changeMemberRole(tenant.admin.caller, await membershipId(tenant.id, tenant.member.id), 'admin')
    expect(await sessionOf(before, tenant.id)).toBeNull()

    const otherToken = await signInToken(other.id)
    await removeMember(tenant.admin.caller, await membershipId(tenant.id, other.id))
    expect(await sessionOf(otherToken, tenant.id)).toBeNull()
    expect(await currentSessionVersion(other.id)).toBe(1)
  })

  it('a token without a version (issued before versions existed) counts as the first version', async () => {
    const tenant = await createTenantWithUsers({ roles: ['member'] })
    expect(callerOf(await loadSession(tenant.member.id, tenant.id, 'password', 0))).toEqual(tenant.member.caller)
    await authOptions().events!.signOut!({ token: { sub: tenant.member.id }, session: undefined as never })
    expect(await loadSession(tenant.member.id, tenant.id, 'password', 0)).toBeNull()
  })
})
