import { AppError } from '../../../errors'

/** An opaque cursor: a position in a list, base64url JSON so clients do not build their own. */
export function encodeCursor(position: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url')
}

/** Reads a cursor this API made; anything else is a 400. */
export function decodeCursor<T extends Record<string, string | number>>(cursor: string, keys: (keyof T)[]): T {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as T
    if (value && typeof value === 'object' && keys.every((key) => key in value)) return value
  } catch {
    // fall through
  }
  throw new AppError('bad_request', 'The cursor is not valid: pass back the nextCursor of the previous page.', {
    cursor: ['use the nextCursor of the previous page'],
  })
}

/**
 * One page of a newest-first list that the data-access layer returned whole: the items strictly
 * older than the cursor's (createdAt, id). Keyed by position, not offset, so inserts of newer
 * items never shift or repeat a page.
 */
export function pageAfter<T extends { id: string; createdAt: Date }>(
  items: T[],
  cursor: string | undefined,
  limit: number,
): { page: T[]; nextCursor: string | null } {
  const after = cursor ? decodeCursor<{ at: string; id: string }>(cursor, ['at', 'id']) : null
  const older = after
    ? items.filter((item) => {
        const at = item.createdAt.toISOString()
        return at < after.at || (at === after.at && item.id < after.id)
      })
    : items
  const sorted = [...older].sort((x, y) =>
    x.createdAt.getTime() !== y.createdAt.getTime()
      ? y.createdAt.getTime() - x.createdAt.getTime()
      : y.id < x.id
        ? -1
        : 1,
  )
  const page = sorted.slice(0, limit)
  const last = page[page.length - 1]
  return {
    page,
    nextCursor: sorted.length > limit && last ? encodeCursor({ at: last.createdAt.toISOString(), id: last.id }) : null,
  }
}
