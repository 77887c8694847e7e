const SCORE_LINE = /\bscore\b\s*\**\s*[:=]\s*\**\s*(-?\d+(?:\.\d+)?)\s*(%|\/\s*(\d+(?:\.\d+)?))?/i

/**
 * Reads the first `score: …` in an evaluator reply as a fraction in [0, 1]: `7/10` → 0.7, `40%` → 0.4,
 * a bare value ≤ 1 is a fraction and above 1 is out of 10; no score → 0. Out-of-range values are clamped.
 */
export function parseScore(text: string): number {
  const match = SCORE_LINE.exec(text)
  if (!match) return 0
  const value = Number(match[1])
  let fraction: number
  if (match[2] === '%') fraction = value / 100
  else if (match[3] !== undefined) fraction = Number(match[3]) === 0 ? 0 : value / Number(match[3])
  else fraction = value <= 1 ? value : value / 10
  if (!Number.isFinite(fraction)) return 0
  return Math.min(1, Math.max(0, fraction))
}
