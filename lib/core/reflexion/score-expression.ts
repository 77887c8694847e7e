/**
 * The number part of a judge's score, wherever it appears (`0.9`, `.9`, `7/10`, `30 out of 100`, `85 %`,
 * `7,5`, `7-8/10`): pure string reading shared by the label and the JSON readers of parseScore.
 */

const NUMBER = String.raw`[+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+)`
/** Words that join a value to its scale in a few languages: `8 out of 10`, `8 sur 10`, `8 von 10`, `8 из 10`. */
const SCALE_WORDS = String.raw`out\s+of|of|sur|von|de|su|из|van|na|z|av|från|от`
const RANGE_JOIN = String.raw`\s*(?:-|–|—|~|to|\.\.)\s*`

const EXPRESSION = new RegExp(
  String.raw`(${NUMBER})(?:${RANGE_JOIN}(${NUMBER}))?` +
    String.raw`(?:\s*(%|percent\b|pct\b)|\s*(?:/|÷|(?:${SCALE_WORDS})(?![\p{L}]))\s*(${NUMBER})|\s*[(\[]\s*(?:/|out\s+of|of)\s*(${NUMBER})\s*[)\]])?`,
  'iuy',
)
/** What may not follow a number for it to be read (an exponent, more digits, a letter glued to it). */
const BAD_TAIL = /^(?:[eE][+-]?\d|\d|[.,]\d)/

/** A score as written: its value and, when stated, its scale (a maximum, or a percentage). */
export type ScoreExpression = { value: number; scale?: number | 'percent'; end?: number }

/** Reads a decimal written with a point or a comma (`7,5` in many languages). */
export function readNumber(text: string): number {
  const normal = text.replace(',', '.')
  return Number(normal.startsWith('.') || normal.startsWith('+.') ? normal.replace('.', '0.') : normal)
}

/**
 * Reads a score expression starting exactly at `position` of `text` (after optional markdown/quote marks).
 * A range of values (`7-8/10`) is read as its lower end, the cautious reading.
 */
export function readScoreExpression(text: string, position = 0): ScoreExpression | undefined {
  let start = position
  while (start < text.length && /[\s*_"'`[]/.test(text[start]!)) start++
  EXPRESSION.lastIndex = start
  const match = EXPRESSION.exec(text)
  if (!match) return undefined
  if (BAD_TAIL.test(text.slice(EXPRESSION.lastIndex))) return undefined
  const low = readNumber(match[1]!)
  const high = match[2] === undefined ? undefined : readNumber(match[2])
  const value = high === undefined ? low : Math.min(low, high)
  if (!Number.isFinite(value)) return undefined
  const end = EXPRESSION.lastIndex
  if (match[3] !== undefined) return { value, scale: 'percent', end }
  const maximum = match[4] ?? match[5]
  return maximum === undefined ? { value, end } : { value, scale: readNumber(maximum), end }
}

/** A scale stated in a label: `(0-1)`, `[1..10]`, `(out of 100)`, `/5`, `(%)`. */
export function scaleInLabel(label: string): number | 'percent' | undefined {
  if (/%|percent/i.test(label)) return 'percent'
  const range = new RegExp(`(${NUMBER})${RANGE_JOIN}(${NUMBER})`, 'iu').exec(label)
  if (range) return readNumber(range[2]!)
  const outOf = new RegExp(String.raw`(?:/|out\s+of|of|sur|von|из)\s*(${NUMBER})`, 'iu').exec(label)
  return outOf ? readNumber(outOf[1]!) : undefined
}

/** The largest bare value read on a 0–100 scale; a bare value above it has no known scale. */
const MAX_BARE_VALUE = 100

/**
 * A score expression as a fraction in [0, 1], or undefined when its scale cannot be known:
 * explicit scales divide (`4/5` → 0.8, `40%` → 0.4, out-of-range values clamp); a bare value ≤ 1 is a
 * fraction, ≤ 10 is out of 10, ≤ 100 out of 100, and above that unreadable.
 */
export function toFraction(expression: ScoreExpression, labelScale?: number | 'percent'): number | undefined {
  const scale = expression.scale ?? labelScale
  const { value } = expression
  let fraction: number
  if (scale === 'percent') fraction = value / 100
  else if (scale !== undefined) fraction = scale <= 0 ? 0 : value / scale
  else if (value <= 1) fraction = value
  else if (value <= 10) fraction = value / 10
  else if (value <= MAX_BARE_VALUE) fraction = value / 100
  else return undefined
  if (!Number.isFinite(fraction)) return undefined
  return Math.min(1, Math.max(0, fraction))
}
