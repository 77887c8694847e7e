/** A stretch of text that looks like personal data, to highlight before a lesson is shared. */
export type PersonalDataRange = {
  start: number
  end: number
  kind: 'email' | 'phone' | 'url_token' | 'name' | 'api_key'
  text: string
}

const PATTERNS: { kind: PersonalDataRange['kind']; pattern: RegExp; group?: number }[] = [
  { kind: 'email', pattern: /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g },
  {
    kind: 'url_token',
    pattern:
      /https?:\/\/[^\s?#]+[?#][^\s]*(?:token|key|secret|sig|signature|code|auth|session|password)=[^\s&]+[^\s]*/gi,
  },
  { kind: 'api_key', pattern: /\b(?:sk|pk|rk|ghp|gho|xox[abp]|AKIA|AIza)[-_A-Za-z0-9]{12,}\b|\b[A-Za-z0-9_-]{32,}\b/g },
  {
    kind: 'phone',
    pattern: /(?<![\w])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,4}\)[\s.-]?)?\d{2,4}(?:[\s.-]?\d{2,4}){2,4}(?![\w])/g,
  },
  { kind: 'name', pattern: /\bmy name is\s+((?:\p{Lu}[\p{L}'-]+)(?:\s+\p{Lu}[\p{L}'-]+)*)/giu, group: 1 },
]

/**
 * Finds what looks like personal data in a lesson — emails, phone numbers, URLs carrying tokens,
 * names after "my name is", API-key-like strings — as ranges to highlight (sorted, not overlapping).
 */
export function detectPersonalData(text: string): PersonalDataRange[] {
  const found: PersonalDataRange[] = []
  for (const { kind, pattern, group } of PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const value = group ? match[group] : match[0]
      if (!value) continue
      const start = (match.index ?? 0) + (group ? match[0].indexOf(value) : 0)
      if (kind === 'phone' && value.replace(/\D/g, '').length < 7) continue
      found.push({ start, end: start + value.length, kind, text: value })
    }
  }
  found.sort((left, right) => left.start - right.start || right.end - left.end)
  const ranges: PersonalDataRange[] = []
  for (const range of found)
    if (!ranges.some((kept) => range.start < kept.end && kept.start < range.end)) ranges.push(range)
  return ranges
}
