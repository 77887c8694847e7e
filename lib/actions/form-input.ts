/**
 * Turns what a form posts into a plain object for zod: repeated names become arrays, and the
 * `$ACTION_…` entries Next adds for progressive enhancement are dropped.
 */
export function formInput(raw: unknown): unknown {
  if (typeof FormData === 'undefined' || !(raw instanceof FormData)) return raw ?? {}
  const result: Record<string, unknown> = {}
  for (const [key, value] of raw.entries()) {
    if (key.startsWith('$ACTION')) continue
    if (key in result) result[key] = [result[key], value].flat()
    else result[key] = value
  }
  return result
}
