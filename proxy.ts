import { NextResponse, type NextRequest } from 'next/server'
import { contentSecurityPolicy, newNonce } from './lib/boundary/http/content-security-policy'

/**
 * Runs before every page and route handler: gives the response a Content-Security-Policy with a
 * fresh script nonce. The policy goes on the request too, which is how Next learns the nonce and
 * puts it on the scripts it renders (every page is rendered per request, so each gets its own).
 */
export function proxy(request: NextRequest) {
  const policy = contentSecurityPolicy(newNonce(), process.env.NODE_ENV === 'development')
  const headers = new Headers(request.headers)
  headers.set('content-security-policy', policy)
  const response = NextResponse.next({ request: { headers } })
  response.headers.set('Content-Security-Policy', policy)
  return response
}

export const config = {
  // Not the build's static files and images: they run no inline script and are served as they are.
  matcher: [{ source: '/((?!_next/static|_next/image|favicon.ico).*)' }],
}
