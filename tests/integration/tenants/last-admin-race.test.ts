// Two admins demoting (or removing) each other at the same moment left a tenant with no admin: both
// transactions counted two admins before either wrote. The check and the write now run under a lock
// on the tenant row, so the second one sees the first's result and is refused.
import { describe, expect, it } from 'vitest'
import { getPrisma } from '../../../lib/adapters/db/client'
import { changeMemberRole, removeMember } from '../../../lib/services/tenants/members'
import { addUser, createTenantWithUsers } from '../helpers'

const ROUNDS = 8

async function twoAdmins() {
  const tenant = await createTenantWithUsers({ roles: ['admin'] })
  return { tenant, first: tenant.admin, second: await addUser(tenant.id, 'admin') }
}

async function adminCount(tenantId: string): Promise<number> {
  return (await getPrisma()).membership.count({ where: { tenantId, role: 'admin' } })
}

describe('the last admin under concurrent changes', () => {
  it('two admins demoting each other at once: one demotion wins, the other is refused, an admin remains', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { tenant, first, second } = await twoAdmins()
      const results = await Promise.allSettled([
        changeMemberRole(first.caller, second.membershipId, 'member'),
        changeMemberRole(second.caller, first.membershipId, 'member'),
      ])
      expect(await adminCount(tenant.id), `round ${round}`).toBe(1)
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
      const refused = results.find((result) => result.status === 'rejected')
      expect(refused?.reason).toMatchObject({ code: expect.stringMatching(/^(conflict|not_found)$/) })
    }
  })

  it('two admins removing each other at once: an admin remains', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { tenant, first, second } = await twoAdmins()
      await Promise.allSettled([
        removeMember(first.caller, second.membershipId),
        removeMember(second.caller, first.membershipId),
      ])
      expect(await adminCount(tenant.id), `round ${round}`).toBe(1)
    }
  })

  it('a demoted admin can no longer change roles, even with a session that still says admin', async () => {
    const { tenant, first, second } = await twoAdmins()
    const member = await addUser(tenant.id, 'member')
    await changeMemberRole(first.caller, second.membershipId, 'member')
    await expect(changeMemberRole(second.caller, member.membershipId, 'admin')).rejects.toMatchObject({
      code: 'not_found',
    })
    expect(await adminCount(tenant.id)).toBe(1)
  })
})
