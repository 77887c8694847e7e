import { AppError, type ErrorCode } from '../../errors'

/** The media type of error answers (RFC 9457). */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json'

/** An RFC 9457 problem document, with field errors under `errors` when the input was at fault. */
export type Problem = {
  type: string
  title: string
  status: number
  detail?: string
  errors?: Record<string, string[]>
}

const TITLES: Record<ErrorCode, string> = {
  bad_request: 'Bad request',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  not_found: 'Not found',
  conflict: 'Conflict',
  unprocessable: 'Unprocessable content',
  unsupported_media_type: 'Unsupported media type',
  rate_limited: 'Too many requests',
  quota_exceeded: 'Quota exceeded',
  internal: 'Internal server error',
}

/** The problem `type` URI of an error code (stable: clients may switch on it). */
export function problemType(code: ErrorCode): string {
  return `urn:reflexion-studio:problem:${code.replaceAll('_', '-')}`
}

/** A problem+json response for an error code; 5xx details never leave the server. */
export function problemResponse(
  code: ErrorCode,
  detail?: string,
  options: { errors?: Record<string, string[]>; headers?: HeadersInit } = {},
): Response {
  const status = new AppError(code, '').status
  const problem: Problem = {
    type: problemType(code),
    title: TITLES[code],
    status,
    ...(detail && status < 500 ? { detail } : {}),
    ...(options.errors && Object.keys(options.errors).length > 0 ? { errors: options.errors } : {}),
  }
  const headers = new Headers(options.headers)
  headers.set('Content-Type', PROBLEM_CONTENT_TYPE)
  headers.set('Cache-Control', 'no-store')
  return new Response(JSON.stringify(problem), { status, headers })
}

/** Maps a thrown value to a problem response; unexpected errors are logged and hidden as a 500. */
export function problemFromError(error: unknown): Response {
  if (error instanceof AppError) return problemResponse(error.code, error.message, { errors: error.fieldErrors })
  console.error('[api] unexpected error', error instanceof Error ? error.stack : error)
  return problemResponse('internal')
}
