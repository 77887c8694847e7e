// Single sign-on linking and per-tenant password policy, against the real database: only verified
// e-mails link; an existing account is reused; verified users of a listed domain join with the
// tenant's default role (audited), of an unlisted domain join nothing; a password session cannot
// act in a tenant that turned password sign-in off, an SSO session can.
import { describe, expect, it } from 'vitest'
import { runAction } from '../../../lib/boundary/actions/define'
import { loadSession } from '../../../lib/services/auth/session'
import { getPrisma } from '../../../lib/adapters/db/client'
import { ssoSettingsForm } from '../../../lib/services/sso/forms'
import { signInWithOidc, SsoSignInError } from '../../../lib/services/sso/oidc-sign-in'
import { createTenantWithUsers, randomSuffix } from '../helpers'

describe('OIDC sign-in', () => {
  it('links only verified e-mails, reuses accounts and joins tenants by domain', async () => {
    const prisma = await getPrisma()
    const domain = `sso-${randomSuffix()}.example`
    const tenant = await createTenantWithUsers()
    const other = await createTenantWithUsers()
    expect(
      await runAction(
        ssoSettingsForm,
        { domains: `@${domain.toUpperCase()}, ${domain}`, defaultRole: 'support', passwordSignIn: 'on' },
        tenant.admin.caller,
      ),
    ).toMatchObject({ ok: true, data: { domains: [domain], defaultRole: 'support', passwordSignIn: true } })

    for (const profile of [
      { sub: 'a', email: `x@${domain}` },
      { sub: 'a', email: `x@${domain}`, email_verified: false },
      { sub: 'a', email: `x@${domain}`, email_verified: 'false' },
      { sub: 'a', email: 'not an email', email_verified: true },
      { sub: '', email: `x@${domain}`, email_verified: true },
    ])
      await expect(signInWithOidc(profile)).rejects.toBeInstanceOf(SsoSignInError)
    expect(await prisma.user.count({ where: { email: `x@${domain}` } })).toBe(0)

    const first = await signInWithOidc({ sub: 'idp-1', email: `Grace@${domain}`, email_verified: true, name: 'Grace' })
    expect(first).toMatchObject({ email: `grace@${domain}`, name: 'Grace' })
    const again = await signInWithOidc({ sub: 'idp-1', email: `grace@${domain}`, email_verified: 'true' })
    expect(again.id).toBe(first.id)
    const memberships = await prisma.membership.findMany({ where: { userId: first.id } })
    expect(memberships.map((row) => [row.tenantId, row.role])).toEqual([[tenant.id, 'support']])
    expect(await prisma.auditLog.count({ where: { tenantId: tenant.id, action: 'member.joined_by_domain' } })).toBe(1)

    const existing = other.member
    const linked = await signInWithOidc({ sub: 'idp-2', email: existing.email.toUpperCase(), email_verified: true })
    expect(linked.id).toBe(existing.id)
    expect(await prisma.membership.count({ where: { userId: existing.id } })).toBe(1)

    const outsider = await signInWithOidc({ sub: 'idp-3', email: `eve@not-${domain}`, email_verified: true })
    expect(await prisma.membership.count({ where: { userId: outsider.id } })).toBe(0)
  })

  it('keeps password sessions out of tenants that require SSO', async () => {
    const tenant = await createTenantWithUsers()
    const open = await createTenantWithUsers()
    const prisma = await getPrisma()
    await prisma.membership.create({ data: { tenantId: open.id, userId: tenant.member.id, role: 'member' } })
    expect(
      await runAction(ssoSettingsForm, { domains: '', defaultRole: 'member', passwordSignIn: '' }, tenant.admin.caller),
    ).toMatchObject({ ok: true })
    const password = await loadSession(tenant.member.id, tenant.id, 'password')
    expect(password?.memberships.map((membership) => membership.tenantId)).toEqual([open.id])
    expect(password?.active?.tenantId).toBe(open.id)
    expect(password?.ssoRequiredBy).toEqual([tenant.name])
    const sso = await loadSession(tenant.member.id, tenant.id, 'oidc')
    expect(sso?.active?.tenantId).toBe(tenant.id)
    expect(sso?.ssoRequiredBy).toEqual([])
  })

  it('refuses malformed domains with a field error and changes nothing', async () => {
    const tenant = await createTenantWithUsers()
    for (const domains of ['not a domain!', 'localhost', 'a..b.com', `${'x'.repeat(70)}.com`])
      expect(
        await runAction(ssoSettingsForm, { domains, defaultRole: 'member', passwordSignIn: 'on' }, tenant.admin.caller),
      ).toMatchObject({ ok: false, fieldErrors: { domains: [expect.stringMatching(/e-mail domains/)] } })
    expect(
      await runAction(
        ssoSettingsForm,
        { domains: '', defaultRole: 'admin', passwordSignIn: 'on' },
        tenant.admin.caller,
      ),
    ).toMatchObject({ ok: false, fieldErrors: { defaultRole: ['Choose member or support.'] } })
    const prisma = await getPrisma()
    const stored = await prisma.tenant.findUniqueOrThrow({ where: { id: tenant.id } })
    expect((stored.settings as Record<string, unknown>).sso).toBeUndefined()
  })
})
