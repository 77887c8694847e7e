import { AppError } from '../../errors'
import { findPhoneNumbers } from '../../core/reflection/phone-numbers'

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
      found.push({ start, end: start + value.length, kind, text: value })
    }
  }
  for (const phone of findPhoneNumbers(text)) found.push({ ...phone, kind: 'phone' })
  found.sort((left, right) => left.start - right.start || right.end - left.end)
  const ranges: PersonalDataRange[] = []
  for (const range of found)
    if (!ranges.some((kept) => range.start < kept.end && kept.start < range.end)) ranges.push(range)
  return ranges
}

/**
 * Refuses text bound for every member's prompt (a shared lesson: created, edited or approved) that looks like
 * personal data, unless the admin confirmed it may be shared; the field error lists what was found.
 * Returns whether anything was found (for the audit entry).
 */
export function requireConfirmedPersonalData(content: string, confirmed: boolean | undefined): boolean {
  const found = detectPersonalData(content)
  if (found.length > 0 && !confirmed) {
    throw new AppError(
      'bad_request',
      `The lesson looks like it holds personal data (${[...new Set(found.map((range) => range.kind))].join(', ')}): edit it, or confirm that it may be shared.`,
      { content: found.map((range) => `${range.kind}: ${range.text}`) },
    )
  }
  return found.length > 0
}
