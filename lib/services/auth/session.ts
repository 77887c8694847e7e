import 'server-only'
import { cache } from 'react'
import { cookies, headers } from 'next/headers'
import { notFound as pageNotFound, redirect } from 'next/navigation'
import { getToken } from 'next-auth/jwt'
import { env } from '../../env'
import { addLogContext } from '../../adapters/log/log-context'
import { AppError } from '../../errors'
import { InvalidRecordIdError } from '../../record-id'
import { findSessionUser, listMembershipsOfUser, type UserProfile } from '../users/queries'
import { REQUEST_PATH_HEADER, signInPath } from './callback-url'
import { ACTIVE_TENANT_COOKIE, pickActiveMembership, type SessionMembership } from './active-tenant'
import { callerOf, type Caller } from './caller'
import { authOptions } from './options'
import { can, type Permission } from './permissions'

/** How the session signed in: a password, or the operator's OpenID Connect provider. */
export type SignInMethod = 'password' | 'oidc'

/**
 * The signed-in user, every tenant they may act in, the one they act in now, and the tenants they
 * belong to but may not enter with this session (password sign-in turned off there: SSO only).
 */
export type AppSession = {
  user: UserProfile
  memberships: SessionMembership[]
  active: SessionMembership | null
  ssoRequiredBy: string[]
}

/**
 * Rebuilds the session from the database: a removed user or membership takes effect at once, and
 * a session whose version (from its cookie) is older than the user's was revoked: signed out.
 */
export async function loadSession(
  userId: string,
  requestedTenantId: string | undefined,
  method: SignInMethod = 'password',
  sessionVersion?: number,
): Promise<AppSession | null> {
  // Both at once: one round trip of waiting instead of two on every request.
  const [found, all] = await Promise.all([findSessionUser(userId), listMembershipsOfUser(userId)])
  if (!found) return null
  if (sessionVersion !== undefined && sessionVersion !== found.sessionVersion) return null
  const user: UserProfile = { id: found.id, email: found.email, name: found.name }
  const memberships = method === 'oidc' ? all : all.filter((membership) => !membership.ssoOnly)
  const ssoRequiredBy = method === 'oidc' ? [] : all.filter((membership) => membership.ssoOnly).map((m) => m.tenantName)
  const active = pickActiveMembership(memberships, requestedTenantId)
  addLogContext({ userId: user.id, ...(active && { tenantId: active.tenantId }) })
  return { user, memberships, active, ssoRequiredBy }
}

export { callerOf }

/**
 * The signed-in user id of a request's cookies: the Auth.js session token decrypted and checked
 * (expiry, secret). `getServerSession` did the same and, besides, made a CSRF token and re-encrypted
 * the session into a cookie that a server component cannot set: work thrown away on every page.
 */
async function signedInUser(
  cookieJar: Record<string, string>,
  headers: Record<string, string>,
): Promise<{ userId: string; method: SignInMethod; sessionVersion: number } | null> {
  const token = await getToken({
    req: { cookies: cookieJar, headers } as never,
    secret: authOptions().secret,
    secureCookie: (env.NEXTAUTH_URL ?? '').startsWith('https://'),
  })
  if (!token?.sub) return null
  return {
    userId: token.sub,
    method: token.amr === 'oidc' ? 'oidc' : 'password',
    // Tokens from before session versions carry none: they count as the first version.
    sessionVersion: typeof token.sv === 'number' ? token.sv : 0,
  }
}

/** The current request's session (pages, layouts, actions), or null when signed out. Once per request. */
export const getSession = cache(async (): Promise<AppSession | null> => {
  const cookieJar = Object.fromEntries((await cookies()).getAll().map((cookie) => [cookie.name, cookie.value]))
  // No headers: like getServerSession, a page reads the session from its cookie only (no Bearer token).
  const signedIn = await signedInUser(cookieJar, {})
  if (!signedIn) return null
  return loadSession(signedIn.userId, cookieJar[ACTIVE_TENANT_COOKIE], signedIn.method, signedIn.sessionVersion)
})

/** The caller of the current request, or null (for code that must not redirect, like actions). */
export async function getCaller(): Promise<Caller | null> {
  return callerOf(await getSession())
}

/** The caller for a page: signed out goes to /signin (and back here after), a user without a tenant to the home page. */
export async function requireCaller(): Promise<Caller> {
  const session = await getSession()
  if (!session) redirect(signInPath((await headers()).get(REQUEST_PATH_HEADER)))
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
    // An id in the URL that cannot be an id names no page either.
    if (error instanceof InvalidRecordIdError || (error instanceof AppError && error.code === 'not_found'))
      pageNotFound()
    throw error
  }
}

function parseCookies(header: string | null): Record<string, string> {
  const entries = (header ?? '').split(';').map((part) => part.trim().split('='))
  return Object.fromEntries(
    entries.filter(([name]) => name).map(([name, ...rest]) => [name, decodeURIComponent(rest.join('='))]),
  )
}

/** The caller of a route handler's request, or null (answer 401, or 404 for a resource). */
export async function callerFromRequest(request: Request): Promise<Caller | null> {
  const cookieJar = parseCookies(request.headers.get('cookie'))
  const signedIn = await signedInUser(cookieJar, Object.fromEntries(request.headers))
  if (!signedIn) return null
  return callerOf(
    await loadSession(signedIn.userId, cookieJar[ACTIVE_TENANT_COOKIE], signedIn.method, signedIn.sessionVersion),
  )
}
