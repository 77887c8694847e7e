/**
 * Phone numbers in free text, in the formats people write the world over: international (`+44 20 7946 0958`,
 * `+86 138 0013 8000`, `0049 30 1234567`, `+1 (555) 010-4477`), national with a trunk prefix (`020 7946 0958`,
 * `06 12 34 56 78`, `090-1234-5678`, `(030) 123 45 67`), grouped (`555-010-4477`) and Chinese mobile numbers
 * written solid (`13800138000`). Dates, times, IP addresses, versions, decimals and long ids are not phones.
 */

/** A run of digits with phone separators, optionally led by `+`, `00` or `(`; checked further by `isPhoneNumber`. */
const CANDIDATE = /(?<![\p{L}\p{N}_+.\-/:@#])(?:\+|\(\+?)?\d[\d\s().\-/]{5,24}\d(?![\p{L}\p{N}_]|[.\-/:]\d)/gu

const DATE = /^\d{1,4}[-./]\d{1,2}[-./]\d{1,4}$/
const IP_ADDRESS = /^\d{1,3}(?:\.\d{1,3}){3}$/
const TIME = /^\d{1,2}:\d{2}/

/** Whether one candidate looks like a phone number rather than another number. */
export function isPhoneNumber(candidate: string): boolean {
  const text = candidate.trim()
  const digits = text.replace(/\D/g, '')
  if (digits.length < 7 || digits.length > 15) return false
  if (/\s{2,}|[-./]{2,}|\n/.test(text)) return false
  if (DATE.test(text) || IP_ADDRESS.test(text) || TIME.test(text)) return false
  const groups = text.split(/[\s().\-/]+/).filter(Boolean)
  const international = text.startsWith('+') || text.startsWith('(+') || (text.startsWith('00') && groups.length > 1)
  if (international) return digits.length >= 8
  if (groups.length === 1) return /^(?:1[3-9]\d{9}|0\d{9,10})$/.test(digits) // solid: CN mobile or a trunk-prefixed number
  // Dots alone between two or three groups are decimals or versions (3.14159, 1.2.3).
  if (/^[\d.]+$/.test(text) && groups.length <= 3) return false
  const trunk = text.startsWith('0') || text.startsWith('(')
  const phoneGroups = groups.every((group, position) => group.length >= 2 || (position === 0 && trunk))
  return phoneGroups && (trunk || groups.length >= 3)
}

/** The phone numbers in a text as `[start, end)` ranges, in order. */
export function findPhoneNumbers(text: string): { start: number; end: number; text: string }[] {
  const found: { start: number; end: number; text: string }[] = []
  for (const match of text.matchAll(CANDIDATE)) {
    let start = match.index!
    let trimmed = match[0].replace(/[\s(]+$/, '')
    // An opening bracket belongs to the number only when the number closes it: `(030) 123…`, not `(+44 20…)`.
    if (trimmed.startsWith('(') && !trimmed.includes(')')) {
      trimmed = trimmed.slice(1)
      start++
    }
    if (isPhoneNumber(trimmed)) found.push({ start, end: start + trimmed.length, text: trimmed })
  }
  return found
}

/** Replaces every phone number in `text` with `mask`. */
export function maskPhoneNumbers(text: string, mask: string): string {
  const ranges = findPhoneNumbers(text)
  if (ranges.length === 0) return text
  let result = ''
  let position = 0
  for (const range of ranges) {
    result += text.slice(position, range.start) + mask
    position = range.end
  }
  return result + text.slice(position)
}
