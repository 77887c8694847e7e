import { describe, expect, it } from 'vitest'
import { getPrisma } from '../../../lib/adapters/db/client'
import { AppError } from '../../../lib/errors'
import { hashInvitationCode } from '../../../lib/services/tenants/invitation-code'
import {
  acceptInvitation,
  createInvitation,
  INVALID_INVITATION,
  previewInvitation,
} from '../../../lib/services/tenants/invitations'
import { listMembershipsOfUser } from '../../../lib/services/users/queries'
import { requestSignUp } from '../../../lib/services/users/sign-up'
import { addUser, createTenantWithUsers, joinThroughMail, randomAddress, randomEmail } from '../helpers'

const account = () => ({ name: 'New Person', email: randomEmail('invitee'), password: 'a-long-enough-password' })

describe('invitations', () => {
  it('stores only the SHA-256 of the code, expires in 7 days, and audits the invitation', async () => {
    const tenant = await createTenantWithUsers()
    const now = new Date()
    const invitation = await createInvitation(tenant.admin.caller, { role: 'support' }, now)
    const prisma = await getPrisma()
    const row = await prisma.invitation.findUniqueOrThrow({ where: { id: invitation.invitationId } })
    expect(row.codeHash).toBe(hashInvitationCode(invitation.code))
    expect(JSON.stringify(row)).not.toContain(invitation.code)
    expect(row.expiresAt.getTime()).toBe(now.getTime() + 7 * 24 * 3600_000)
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { tenantId: tenant.id, action: 'member.invited' } })
    expect(audit).toMatchObject({
      actorId: tenant.admin.id,
      targetId: invitation.invitationId,
      details: { role: 'support', email: null },
    })
    expect(JSON.stringify(audit.details)).not.toContain(invitation.code)
  })

  it('is single use: a new account joins with the role, a second acceptance is refused', async () => {
    const tenant = await createTenantWithUsers()
    const { code } = await createInvitation(tenant.admin.caller, { role: 'support' })
    expect(await previewInvitation(code)).toEqual({
      tenantName: tenant.name,
      role: 'support',
      email: null,
      status: 'valid',
    })
    const joined = await joinThroughMail(code, account())
    expect(await listMembershipsOfUser(joined.userId)).toEqual([
      expect.objectContaining({ tenantId: tenant.id, role: 'support' }),
    ])
    expect((await previewInvitation(code))?.status).toBe('used')
    await expect(joinThroughMail(code, account())).rejects.toThrow(INVALID_INVITATION)
    const other = await createTenantWithUsers({ roles: ['member'] })
    await expect(acceptInvitation(code, other.member.id)).rejects.toThrow(INVALID_INVITATION)
    expect(await listMembershipsOfUser(other.member.id)).toHaveLength(1)
  })

  it('adds an existing user to a second tenant, and refuses a user who is already a member', async () => {
    const home = await createTenantWithUsers({ roles: ['admin', 'member'] })
    const other = await createTenantWithUsers({ roles: ['admin'] })
    const first = await createInvitation(other.admin.caller, { role: 'member' })
    await acceptInvitation(first.code, home.member.id)
    expect((await listMembershipsOfUser(home.member.id)).map((membership) => membership.tenantId).sort()).toEqual(
      [home.id, other.id].sort(),
    )
    const second = await createInvitation(other.admin.caller, { role: 'admin' })
    await expect(acceptInvitation(second.code, home.member.id)).rejects.toThrow('already a member')
    expect((await previewInvitation(second.code))?.status).toBe('valid') // the refused claim rolled back
  })

  it('expires after 7 days', async () => {
    const tenant = await createTenantWithUsers()
    const created = new Date()
    const { code } = await createInvitation(tenant.admin.caller, { role: 'member' }, created)
    const eightDaysLater = new Date(created.getTime() + 8 * 24 * 3600_000)
    expect((await previewInvitation(code, eightDaysLater))?.status).toBe('expired')
    const prisma = await getPrisma()
    const before = [await prisma.user.count(), await prisma.pendingSignUp.count()]
    await expect(
      requestSignUp({ ...account(), invitationCode: code, address: randomAddress() }, { now: eightDaysLater }),
    ).rejects.toThrow(INVALID_INVITATION)
    expect([await prisma.user.count(), await prisma.pendingSignUp.count()]).toEqual(before) // nothing was written
  })

  it('an invitation for one email refuses another', async () => {
    const tenant = await createTenantWithUsers()
    const invited = randomEmail('named')
    const { code } = await createInvitation(tenant.admin.caller, { role: 'member', email: invited })
    const stranger = await addUser((await createTenantWithUsers({ roles: ['admin'] })).id, 'member')
    const refusal = await acceptInvitation(code, stranger.id).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(AppError)
    expect((refusal as AppError).fieldErrors?.email?.[0]).toContain(invited)
    expect((await previewInvitation(code))?.status).toBe('valid')
    await joinThroughMail(code, { ...account(), email: invited })
    expect((await previewInvitation(code))?.status).toBe('used')
  })

  it('only admins invite; an unknown code shows nothing', async () => {
    const tenant = await createTenantWithUsers()
    await expect(createInvitation(tenant.member.caller, { role: 'admin' })).rejects.toMatchObject({ code: 'not_found' })
    await expect(createInvitation(tenant.support.caller, { role: 'admin' })).rejects.toMatchObject({
      code: 'not_found',
    })
    expect(await previewInvitation('no-such-code-0123456789')).toBeNull()
  })
})
