import { env } from '../../env'

/**
 * Whether a cookie-authenticated, state-changing request comes from our own pages: its Origin (or,
 * without one, its Referer) must be the app's public origin or the origin the request was sent to.
 * A browser always sends Origin on cross-site POSTs, so a forged form post from elsewhere fails.
 */
export function isSameOriginRequest(request: Request): boolean {
  const source = request.headers.get('origin') ?? originOf(request.headers.get('referer'))
  if (!source) return false
  const allowed = new Set([new URL(request.url).origin])
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host')
  if (host) allowed.add(`${new URL(request.url).protocol}//${host}`)
  if (env.NEXTAUTH_URL) allowed.add(new URL(env.NEXTAUTH_URL).origin)
  return allowed.has(source)
}

function originOf(url: string | null): string | null {
  if (!url) return null
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}
