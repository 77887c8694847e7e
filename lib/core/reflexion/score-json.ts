import { readScoreExpression, toFraction } from './score-expression'
import { isScoreWord, qualifierRank } from './score-words'

/** The longest JSON object parseScore tries to parse (a judge's reply is short; this bounds the work). */
const MAX_OBJECT_CHARS = 20_000
/** How many JSON objects in one reply are tried. */
const MAX_OBJECTS = 20

/** A score found in a reply: the fraction, where it starts, and how strongly its label says "the final one". */
export type ScoreCandidate = { fraction: number; position: number; rank: number; tier: number }

/** The text of each balanced `{…}` in a reply (strings skipped), in order, bounded in size and number. */
function jsonObjects(text: string): { start: number; body: string }[] {
  const found: { start: number; body: string }[] = []
  for (
    let start = text.indexOf('{');
    start !== -1 && found.length < MAX_OBJECTS;
    start = text.indexOf('{', start + 1)
  ) {
    let depth = 0
    let inString = false
    for (let position = start; position < text.length && position - start < MAX_OBJECT_CHARS; position++) {
      const character = text[position]
      if (inString) {
        if (character === '\\') position++
        else if (character === '"') inString = false
      } else if (character === '"') inString = true
      else if (character === '{') depth++
      else if (character === '}' && --depth === 0) {
        found.push({ start, body: text.slice(start, position + 1) })
        start = position
        break
      }
    }
  }
  return found
}

/** Keys that state a scale rather than a score: `max`, `max_score`, `out_of`, `scale`, `possible`. */
const SCALE_KEY = /^(?:max|maximum|outof|scale|possible|range|total(?:possible|points)?|best|top)/
const normalKey = (key: string) => key.toLowerCase().replace(/[^\p{L}]/gu, '')

function scaleOf(object: Record<string, unknown>): number | undefined {
  for (const [key, value] of Object.entries(object)) {
    const number = typeof value === 'string' ? Number(value) : value
    if (SCALE_KEY.test(normalKey(key)) && typeof number === 'number' && Number.isFinite(number)) return number
  }
  return undefined
}

function fractionOf(value: unknown, scale: number | undefined): number | undefined {
  if (typeof value === 'number') return toFraction({ value }, scale)
  if (typeof value === 'string') {
    const expression = readScoreExpression(value.trim())
    return expression ? toFraction(expression, scale) : undefined
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const inner = value as Record<string, unknown>
    const number = inner.value ?? inner.score ?? inner.points
    return number === undefined ? undefined : fractionOf(number, scaleOf(inner))
  }
  return undefined
}

/**
 * Scores in the JSON objects of a reply (fenced or inline): any score-like key (`score`, `overall_score`,
 * `rating`, `note`…) with a number, a numeric string or `{value, max}`, its scale from sibling keys
 * (`max_score`, `out_of`). Top-level keys come before nested ones.
 */
export function jsonScoreCandidates(text: string): ScoreCandidate[] {
  const candidates: ScoreCandidate[] = []
  for (const { start, body } of jsonObjects(text)) {
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {
      continue
    }
    const queue: unknown[] = [parsed]
    for (let visited = 0; queue.length > 0 && visited < 200; visited++) {
      const node = queue.shift()
      if (!node || typeof node !== 'object') continue
      if (Array.isArray(node)) {
        queue.push(...node)
        continue
      }
      const object = node as Record<string, unknown>
      for (const [key, value] of Object.entries(object)) {
        const normal = normalKey(key)
        const tier = SCALE_KEY.test(normal) ? undefined : isScoreWord(normal)
        const fraction = tier === undefined ? undefined : fractionOf(value, scaleOf(object))
        if (fraction !== undefined)
          candidates.push({ fraction, position: start, rank: qualifierRank(key), tier: tier! })
        else if (value && typeof value === 'object') queue.push(value)
      }
    }
    if (candidates.length > 0) return candidates
  }
  return candidates
}
