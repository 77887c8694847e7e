// Invalid percent-encoding in a URL path (`/runs/%ED%A0%80`, a lone `%`) makes Next's router throw while
// decoding: answer 404 for such a path before it gets there, as for any path that names nothing.
import type http from 'node:http'

/** Whether every segment of a request path decodes as UTF-8. */
export function isDecodablePath(url: string | undefined): boolean {
  const path = (url ?? '/').split(/[?#]/, 1)[0] ?? '/'
  try {
    for (const segment of path.split('/')) decodeURIComponent(segment)
    return true
  } catch {
    return false
  }
}

/** Answers a request whose path cannot be decoded with a plain 404; returns whether it did. */
export function answeredMalformedPath(request: http.IncomingMessage, response: http.ServerResponse): boolean {
  if (isDecodablePath(request.url)) return false
  response.writeHead(404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
  response.end(
    request.method === 'HEAD'
      ? undefined
      : '<!doctype html><html lang="en"><title>Page not found</title><body><h1>Page not found</h1><p>This address does not name a page. <a href="/">Go to the home page</a>.</p></body></html>',
  )
  return true
}
