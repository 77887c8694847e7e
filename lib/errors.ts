/**
 * Typed application errors with a fixed set of codes. They are mapped to HTTP statuses or
 * UI text only at the boundary (route handlers, server actions); 5xx details never reach the browser.
 */
export const ERROR_CODES = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  unsupported_media_type: 415,
  rate_limited: 429,
  quota_exceeded: 429,
  internal: 500,
} as const

export type ErrorCode = keyof typeof ERROR_CODES

/** An error the boundary knows how to show. `fieldErrors` name the form fields at fault. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message)
    this.name = 'AppError'
  }

  /** The HTTP status for this error's code. */
  get status(): number {
    return ERROR_CODES[this.code]
  }
}

/** The resource does not exist, or the caller may not know that it does (always the same answer). */
export function notFound(what = 'Not found'): AppError {
  return new AppError('not_found', what)
}

/** What every server action returns: forms render it; actions never throw at the user. */
export type ActionResult<T = undefined> =
  { ok: true; data: T } | { ok: false; error: string; fieldErrors?: Record<string, string[]> }

/** Converts any thrown value into an action result; unexpected errors are logged and hidden. */
export function toActionError(error: unknown): { ok: false; error: string; fieldErrors?: Record<string, string[]> } {
  if (error instanceof AppError) return { ok: false, error: error.message, fieldErrors: error.fieldErrors }
  console.error('[action] unexpected error', error instanceof Error ? error.stack : error)
  return { ok: false, error: 'Something went wrong on our side. Please try again.' }
}
