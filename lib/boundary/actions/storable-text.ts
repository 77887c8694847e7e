/**
 * Text PostgreSQL can store. Its `text` and `jsonb` types refuse the NUL character, and `jsonb`
 * refuses unpaired UTF-16 surrogates; either would surface as an unexpected error after part of a
 * change was written. Forms are checked before any handler runs.
 */

// Plain records: object literals, JSON and the prototype-less objects formInput builds.
function isRecord(value: object): boolean {
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** The input with every unpaired surrogate replaced by U+FFFD (as `String.prototype.toWellFormed` does), recursively. */
export function wellFormedInput(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\uFFFD')
  if (Array.isArray(value)) return value.map(wellFormedInput)
  if (value && typeof value === 'object' && isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, wellFormedInput(entry)]))
  }
  return value
}

/** Dotted paths of the strings that hold a NUL character (`''` for a bare string). */
export function nulCharacterPaths(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [path] : []
  if (Array.isArray(value))
    return value.flatMap((entry, index) => nulCharacterPaths(entry, path ? `${path}.${index}` : String(index)))
  if (value && typeof value === 'object' && isRecord(value)) {
    return Object.entries(value).flatMap(([key, entry]) => nulCharacterPaths(entry, path ? `${path}.${key}` : key))
  }
  return []
}

/** The refusal for input holding NUL characters, naming each field; null when there are none. */
export function nulCharacterRefusal(
  value: unknown,
): { ok: false; error: string; fieldErrors: Record<string, string[]> } | null {
  const paths = nulCharacterPaths(value)
  if (paths.length === 0) return null
  const message = 'Remove the NUL character (\\u0000): it cannot be stored.'
  return {
    ok: false,
    error: 'Some fields contain a NUL character (\\u0000), which cannot be stored. Remove it and try again.',
    fieldErrors: Object.fromEntries(paths.map((path) => [path || 'input', [message]])),
  }
}
