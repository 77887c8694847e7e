import { AppError } from './errors'

/** What the ids this app makes look like (cuid: letters and digits; a few made by hand use `-` and `_`). */
const RECORD_ID = /^[A-Za-z0-9_-]{1,64}$/

/** An id that cannot be one: a 400 for a form or an API call, and a 404 for a page whose URL holds it. */
export class InvalidRecordIdError extends AppError {
  constructor(message: string, field: string) {
    super('bad_request', message, { [field]: [message] })
  }
}

/**
 * The id a service was given, checked before it reaches a query: an absent id would otherwise drop
 * out of a Prisma `where` and match the tenant's first row. Anything that cannot be an id is a
 * `bad_request` with a field error under `field`; a well-formed id that names nothing stays a 404.
 */
export function requireRecordId(value: unknown, what: string, field: string): string {
  if (typeof value === 'string' && RECORD_ID.test(value)) return value
  const message =
    value === undefined || value === null || value === ''
      ? `Missing ${what}: say which ${what} (its id).`
      : `That is not a valid ${what} id: an id is 1 to 64 letters, digits, "-" or "_".`
  throw new InvalidRecordIdError(message, field)
}
