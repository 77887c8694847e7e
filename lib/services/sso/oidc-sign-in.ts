import 'server-only'
import crypto from 'node:crypto'
import { z } from 'zod'
import { getPrisma } from '../../adapters/db/client'
import { emailDomain, ssoSettingsOf } from './sso-settings'

/** What we need from an identity provider's ID token or userinfo. */
const profileSchema = z.object({
  sub: z.string().min(1),
  email: z.string().trim().toLowerCase().pipe(z.email()),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]).optional(),
  name: z.string().trim().max(200).optional(),
  preferred_username: z.string().trim().max(200).optional(),
})

/** An SSO sign-in that cannot link to an account; the message is safe to show. */
export class SsoSignInError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SsoSignInError'
  }
}

/** A password hash no password matches: accounts created by SSO sign in through SSO only, until they set one. */
function unusablePasswordHash(): string {
  return `!sso:${crypto.randomBytes(16).toString('hex')}`
}

/**
 * Links an OpenID Connect identity to an account: only a verified e-mail links (to the existing
 * account with that e-mail, or a new one), then the account joins every tenant whose SSO domains list
 * the e-mail's domain, with that tenant's default role (audited). Unlisted domains join nothing.
 */
export async function signInWithOidc(rawProfile: unknown): Promise<{ id: string; email: string; name: string }> {
  const parsed = profileSchema.safeParse(rawProfile)
  if (!parsed.success) throw new SsoSignInError('Your identity provider did not send an e-mail address.')
  const profile = parsed.data
  if (profile.email_verified !== true)
    throw new SsoSignInError('Your identity provider has not verified your e-mail address.')
  const prisma = await getPrisma()
  const name = profile.name || profile.preferred_username || profile.email.split('@')[0]
  return prisma.$transaction(async (tx) => {
    const user =
      (await tx.user.findUnique({ where: { email: profile.email }, select: { id: true, email: true, name: true } })) ??
      (await tx.user.create({
        data: { email: profile.email, name, passwordHash: unusablePasswordHash() },
        select: { id: true, email: true, name: true },
      }))
    const domain = emailDomain(profile.email)
    const candidates = await tx.tenant.findMany({
      where: { settings: { path: ['sso', 'domains'], array_contains: [domain] } },
      select: { id: true, settings: true, memberships: { where: { userId: user.id }, select: { id: true } } },
    })
    for (const tenant of candidates) {
      const sso = ssoSettingsOf(tenant.settings)
      if (!sso.domains.includes(domain) || tenant.memberships.length > 0) continue
      const membership = await tx.membership.create({
        data: { tenantId: tenant.id, userId: user.id, role: sso.defaultRole },
      })
      await tx.auditLog.create({
        data: {
          tenantId: tenant.id,
          actorId: user.id,
          action: 'member.joined_by_domain',
          targetType: 'membership',
          targetId: membership.id,
          details: { email: user.email, domain, role: sso.defaultRole },
        },
      })
    }
    return user
  })
}
