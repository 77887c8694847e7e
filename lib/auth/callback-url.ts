/** A post-sign-in destination that stays on this site (a path, never `//host` or a full URL). */
export function safeCallbackUrl(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return fallback
  return value
}
