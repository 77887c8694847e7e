/**
 * The statistics of paired comparisons, pure and deterministic: a seeded PRNG, a percentile
 * bootstrap interval of a mean, an exact two-sided sign test, and the verdict they support.
 */

/** A seeded PRNG (mulberry32): the same seed gives the same sequence of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The arithmetic mean; null for no values. */
export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null
  return values.reduce((sum, value) => sum + value, 0) / values.length
}

/** A two-sided interval. */
export type Interval = { low: number; high: number }

/** How a bootstrap is drawn: resamples, seed and confidence level. */
export type BootstrapOptions = { resamples?: number; seed?: number; level?: number }

/**
 * Percentile bootstrap interval of the mean: `resamples` resamples with replacement (index =
 * floor(random × n)), their means sorted, the bounds at ranks floor(α/2 × B) and ceil((1 − α/2) × B) − 1.
 * Null for no values.
 */
export function bootstrapMeanInterval(values: readonly number[], options: BootstrapOptions = {}): Interval | null {
  const n = values.length
  if (n === 0) return null
  const resamples = options.resamples ?? 4000
  const alpha = 1 - (options.level ?? 0.95)
  const random = seededRandom(options.seed ?? 20261201)
  const means: number[] = []
  for (let draw = 0; draw < resamples; draw++) {
    let sum = 0
    for (let pick = 0; pick < n; pick++) sum += values[Math.floor(random() * n)]
    means.push(sum / n)
  }
  means.sort((a, b) => a - b)
  const low = means[Math.floor((alpha / 2) * resamples)]
  const high = means[Math.max(0, Math.ceil((1 - alpha / 2) * resamples) - 1)]
  return { low, high }
}

/** n choose k, exactly for the sizes experiments have (float arithmetic, integer results up to 2^53). */
function binomial(n: number, k: number): number {
  let result = 1
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i
  return Math.round(result)
}

/** The outcome of a sign test: positive and negative differences (ties dropped) and the two-sided p-value. */
export type SignTest = { positive: number; negative: number; ties: number; pValue: number }

/** Exact two-sided sign test of paired differences: p = min(1, 2 × P(X ≤ min(pos, neg))), X ~ Binomial(pos + neg, ½). */
export function signTest(differences: readonly number[]): SignTest {
  const positive = differences.filter((difference) => difference > 0).length
  const negative = differences.filter((difference) => difference < 0).length
  const ties = differences.length - positive - negative
  const n = positive + negative
  if (n === 0) return { positive, negative, ties, pValue: 1 }
  const smaller = Math.min(positive, negative)
  let tail = 0
  for (let k = 0; k <= smaller; k++) tail += binomial(n, k)
  return { positive, negative, ties, pValue: Math.min(1, (2 * tail) / 2 ** n) }
}

/** What the evidence says about an arm against the baseline. */
export type VerdictKind = 'helps' | 'hurts' | 'no_evidence'

/** A verdict with the figures it rests on (differences in points, i.e. × 100). */
export type Verdict = {
  kind: VerdictKind
  /** Mean paired difference, in points; null without pairs. */
  meanPoints: number | null
  interval: Interval | null
  pValue: number
  pairs: number
  /** The sentence the pages show: "helps +12 pts [4, 20]", "no evidence either way", "hurts −10 pts [−18, −2]". */
  label: string
}

/** The significance level of the sign test. */
export const SIGNIFICANCE = 0.05

const points = (value: number) => Math.round(value * 100)
const signed = (value: number) => (value > 0 ? `+${value}` : value < 0 ? `−${Math.abs(value)}` : '0')
const bound = (value: number) => (value < 0 ? `−${Math.abs(value)}` : `${value}`)

/**
 * The verdict on paired differences (each in [−1, 1], e.g. pass rate with minus without): "helps"
 * when the whole bootstrap interval is above 0 and the sign test is significant, "hurts" when it is
 * below 0 and significant, else "no evidence either way".
 */
export function verdictOf(differences: readonly number[], options: BootstrapOptions = {}): Verdict {
  const meanDifference = mean(differences)
  const interval = bootstrapMeanInterval(differences, options)
  const { pValue } = signTest(differences)
  const significant = pValue < SIGNIFICANCE
  const kind: VerdictKind =
    interval && significant && interval.low > 0
      ? 'helps'
      : interval && significant && interval.high < 0
        ? 'hurts'
        : 'no_evidence'
  const figures =
    meanDifference === null || interval === null
      ? ''
      : ` ${signed(points(meanDifference))} pts [${bound(points(interval.low))}, ${bound(points(interval.high))}]`
  const label = kind === 'helps' ? `helps${figures}` : kind === 'hurts' ? `hurts${figures}` : 'no evidence either way'
  return {
    kind,
    meanPoints: meanDifference === null ? null : points(meanDifference),
    interval,
    pValue,
    pairs: differences.length,
    label,
  }
}
