/**
 * Turns what a form posts into an object for zod: repeated names become arrays, and the
 * `$ACTION_…` entries Next adds for progressive enhancement are dropped. The object has no
 * prototype, so a field named `__proto__` stays a plain entry (define.ts then refuses it).
 */
export function formInput(raw: unknown): unknown {
  if (typeof FormData === 'undefined' || !(raw instanceof FormData)) return raw ?? {}
  const result: Record<string, unknown> = Object.create(null)
  for (const [key, value] of raw.entries()) {
    if (key.startsWith('$ACTION')) continue
    if (Object.hasOwn(result, key)) result[key] = [result[key], value].flat()
    else result[key] = value
  }
  return result
}
