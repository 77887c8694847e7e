import { AppError } from '../../errors'

/** Whether a Content-Type header declares JSON (`application/json`, or any `+json` type), parameters allowed. */
export function isJsonContentType(header: string | null): boolean {
  const type = (header ?? '').split(';')[0].trim().toLowerCase()
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type)
}

/**
 * Refuses (415) a body that is not declared JSON. A cross-site form or a `text/plain` fetch needs no
 * CORS preflight; a JSON content type does, so requiring it keeps such requests out of JSON handlers.
 */
export function requireJsonContentType(request: Request): void {
  if (!isJsonContentType(request.headers.get('content-type')))
    throw new AppError('unsupported_media_type', 'Send the body as JSON, with "Content-Type: application/json".')
}
