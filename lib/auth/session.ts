import 'server-only'
import { cache } from 'react'
import { cookies } from 'next/headers'
import { notFound as pageNotFound, redirect } from 'next/navigation'
import { getServerSession } from 'next-auth'
import { getToken } from 'next-auth/jwt'
import { env } from '../env'
import { AppError } from '../errors'
import { findUserProfile, listMembershipsOfUser, type UserProfile } from '../users/queries'
import { ACTIVE_TENANT_COOKIE, pickActiveMembership, type SessionMembership } from './active-tenant'
import type { Caller } from './caller'
import { authOptions } from './options'
import { can, type Permission } from './permissions'

/** The signed-in user, every tenant they belong to, and the one they act in now. */
export type AppSession = { user: UserProfile; memberships: SessionMembership[]; active: SessionMembership | null }

/** Rebuilds the session from the database: a removed user or membership takes effect at once. */
export async function loadSession(userId: string, requestedTenantId: string | undefined): Promise<AppSession | null> {
  const user = await findUserProfile(userId)
  if (!user) return null
  const memberships = await listMembershipsOfUser(userId)
  return { user, memberships, active: pickActiveMembership(memberships, requestedTenantId) }
}

/** The caller a session acts as: the user in the active tenant, or null without one. */
export function callerOf(session: AppSession | null): Caller | null {
  if (!session?.active) return null
  return { userId: session.user.id, tenantId: session.active.tenantId, role: session.active.role }
}

/** The current request's session (pages, layouts, actions), or null when signed out. Once per request. */
export const getSession = cache(async (): Promise<AppSession | null> => {
  const session = await getServerSession(authOptions())
  const userId = (session?.user as { id?: string } | undefined)?.id
  if (!userId) return null
  return loadSession(userId, (await cookies()).get(ACTIVE_TENANT_COOKIE)?.value)
})

/** The caller of the current request, or null (for code that must not redirect, like actions). */
export async function getCaller(): Promise<Caller | null> {
  return callerOf(await getSession())
}

/** The caller for a page: signed out goes to /signin, a user without a tenant to the home page. */
export async function requireCaller(): Promise<Caller> {
  const session = await getSession()
  if (!session) redirect('/signin')
  const caller = callerOf(session)
  if (!caller) redirect('/')
  return caller
}

/** The caller for a page that needs a permission; without it the page is a 404. */
export async function requirePageAccess(permission: Permission): Promise<Caller> {
  const caller = await requireCaller()
  if (!can(caller.role, permission)) pageNotFound()
  return caller
}

/** Awaits a data-access call in a page: its not-found (another tenant's, forbidden) becomes the 404 page. */
export async function orNotFound<T>(pending: Promise<T>): Promise<T> {
  try {
    return await pending
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') pageNotFound()
    throw error
  }
}

function parseCookies(header: string | null): Record<string, string> {
  const entries = (header ?? '').split(';').map((part) => part.trim().split('='))
  return Object.fromEntries(entries.filter(([name]) => name).map(([name, ...rest]) => [name, decodeURIComponent(rest.join('='))]))
}

/** The caller of a route handler's request, or null (answer 401, or 404 for a resource). */
export async function callerFromRequest(request: Request): Promise<Caller | null> {
  const cookieJar = parseCookies(request.headers.get('cookie'))
  const options = authOptions()
  const token = await getToken({
    req: { cookies: cookieJar, headers: Object.fromEntries(request.headers) } as never,
    secret: options.secret,
    secureCookie: (env.NEXTAUTH_URL ?? '').startsWith('https://'),
  })
  if (!token?.sub) return null
  return callerOf(await loadSession(token.sub, cookieJar[ACTIVE_TENANT_COOKIE]))
}
