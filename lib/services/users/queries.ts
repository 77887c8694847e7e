import 'server-only'
import { getPrisma } from '../../adapters/db'
import type { SessionMembership } from '../auth/active-tenant'
import { ssoSettingsOf } from '../sso/sso-settings'

/** A user as the app shows them (never the password hash). */
export type UserProfile = { id: string; email: string; name: string }

/** The signed-in user's own profile, or null when the account no longer exists. */
export async function findUserProfile(userId: string): Promise<UserProfile | null> {
  const prisma = await getPrisma()
  return prisma.user.findUnique({ where: { id: userId }, select: { id: true, email: true, name: true } })
}

/** The profile and the current session version of a user, for checking a session cookie. */
export async function findSessionUser(userId: string): Promise<(UserProfile & { sessionVersion: number }) | null> {
  const prisma = await getPrisma()
  return prisma.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, name: true, sessionVersion: true },
  })
}

/** Whether an account already uses this (lower-cased) email. */
export async function emailInUse(email: string): Promise<boolean> {
  const prisma = await getPrisma()
  return (await prisma.user.count({ where: { email: email.toLowerCase() } })) > 0
}

/** Every tenant the user belongs to, with their role there, oldest membership first. */
export async function listMembershipsOfUser(userId: string): Promise<SessionMembership[]> {
  const prisma = await getPrisma()
  const rows = await prisma.membership.findMany({
    where: { userId },
    orderBy: { createdAt: 'asc' },
    select: { id: true, tenantId: true, role: true, tenant: { select: { name: true, settings: true } } },
  })
  return rows.map((row) => ({
    membershipId: row.id,
    tenantId: row.tenantId,
    tenantName: row.tenant.name,
    role: row.role,
    ssoOnly: !ssoSettingsOf(row.tenant.settings).passwordSignIn,
  }))
}
