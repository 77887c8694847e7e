/** Name segments that reach an object's prototype when a form name is walked into objects. */
export const UNSAFE_KEY_SEGMENTS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])

/** Whether a field name (`a.b`, `a[b]`) has a segment that could reach a prototype. */
export function hasUnsafeSegment(name: string): boolean {
  return name.split(/[.[\]]/).some((segment) => UNSAFE_KEY_SEGMENTS.has(segment.trim()))
}

/** Every field name in the input (nested object keys included) that has an unsafe segment. */
export function unsafeFieldNames(value: unknown, depth = 0): string[] {
  if (depth > 32 || value === null || typeof value !== 'object') return []
  if (Array.isArray(value)) return value.flatMap((item) => unsafeFieldNames(item, depth + 1))
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return []
  return Object.keys(value).flatMap((key) => [
    ...(hasUnsafeSegment(key) ? [key] : []),
    ...unsafeFieldNames((value as Record<string, unknown>)[key], depth + 1),
  ])
}

/** The refusal for input whose field names could reach a prototype; null when there are none. */
export function unsafeFieldRefusal(value: unknown): { ok: false; error: string } | null {
  const names = unsafeFieldNames(value)
  if (names.length === 0) return null
  return { ok: false, error: `This form has no field named "${names[0].slice(0, 80)}". Reload the page and try again.` }
}
