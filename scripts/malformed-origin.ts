// A server action whose Origin header is present but not an origin (empty, `garbage`) makes Next throw
// while parsing it (`new URL('')`): a 500. No browser sends one, so refuse it plainly before Next sees it.
import type http from 'node:http'

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Whether an Origin header is there but names no origin (`null`, sent by sandboxed pages, is an origin). */
export function isMalformedOrigin(origin: string | string[] | undefined): boolean {
  if (origin === undefined) return false
  if (typeof origin !== 'string') return true
  if (origin === 'null') return false
  try {
    new URL(origin)
    return false
  } catch {
    return true
  }
}

/** Answers a state-changing request with a malformed Origin with a plain 403; returns whether it did. */
export function answeredMalformedOrigin(request: http.IncomingMessage, response: http.ServerResponse): boolean {
  if (READS.has(request.method ?? 'GET') || !isMalformedOrigin(request.headers.origin)) return false
  response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
  response.end('This request must come from the app’s own pages (its Origin header is not an origin).')
  return true
}
