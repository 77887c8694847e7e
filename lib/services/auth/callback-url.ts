/** The header in which the custom server puts the path the browser asked for (overwriting any value sent). */
export const REQUEST_PATH_HEADER = 'x-reflexion-request-path'

const BASE = 'http://callback.invalid'

/**
 * A post-sign-in destination that stays on this site: a relative path, never `//host`, `/\host`, a full URL,
 * or a path that browsers would turn into one (tabs and line breaks are dropped by URL parsers, so they are
 * refused). The sign-in page itself and Next's internal `_rsc` marker are not destinations.
 */
export function safeCallbackUrl(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length > 2000) return fallback
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value)) return fallback
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return fallback
  }
  if (url.origin !== BASE || url.pathname.startsWith('//')) return fallback
  url.searchParams.delete('_rsc')
  if (url.pathname === '/signin' || url.pathname.startsWith('/api/auth')) return fallback
  return `${url.pathname}${url.search}${url.hash}`
}

/** Where a signed-out visitor of `path` is sent: /signin, with the path to come back to when it is worth it. */
export function signInPath(path: string | null | undefined): string {
  const callbackUrl = safeCallbackUrl(path ?? '/')
  return callbackUrl === '/' ? '/signin' : `/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`
}
