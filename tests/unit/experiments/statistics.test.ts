// The statistics against values computed by hand (and the PRNG against the published mulberry32 sequence).
import { describe, expect, it } from 'vitest'
import {
  bootstrapMeanInterval,
  mean,
  seededRandom,
  signTest,
  verdictOf,
} from '../../../lib/services/experiments/statistics'

describe('seededRandom (mulberry32)', () => {
  it('gives the reference sequence for seed 1, and the same sequence for the same seed', () => {
    const random = seededRandom(1)
    const first = [random(), random(), random(), random()]
    expect(first[0]).toBeCloseTo(0.6270739405881613, 15)
    expect(first[1]).toBeCloseTo(0.002735721180215478, 15)
    expect(first[2]).toBeCloseTo(0.5274470399599522, 15)
    expect(first[3]).toBeCloseTo(0.9810509674716741, 15)
    const again = seededRandom(1)
    expect([again(), again(), again(), again()]).toEqual(first)
    expect(seededRandom(2)()).not.toBe(first[0])
  })
})

describe('mean', () => {
  it('is null for nothing and the average otherwise', () => {
    expect(mean([])).toBeNull()
    expect(mean([1, 0, 0, 1, 1])).toBe(0.6)
  })
})

describe('bootstrapMeanInterval', () => {
  it('draws by hand: values [0, 1], seed 1, 4 resamples', () => {
    // Draws 0.627 0.003 | 0.527 0.981 | 0.968 0.281 | 0.613 0.721 → indexes 1 0 | 1 1 | 1 0 | 1 1
    // → resample means 0.5, 1, 0.5, 1 → sorted 0.5 0.5 1 1.
    // Level 0.5: ranks floor(0.25 × 4) = 1 and ceil(0.75 × 4) − 1 = 2 → [0.5, 1].
    expect(bootstrapMeanInterval([0, 1], { resamples: 4, seed: 1, level: 0.5 })).toEqual({ low: 0.5, high: 1 })
    // Level 0.95: ranks 0 and ceil(0.975 × 4) − 1 = 3 → [0.5, 1].
    expect(bootstrapMeanInterval([0, 1], { resamples: 4, seed: 1 })).toEqual({ low: 0.5, high: 1 })
  })

  it('is the point itself when every difference is the same, and null for none', () => {
    expect(bootstrapMeanInterval([0.25, 0.25, 0.25])).toEqual({ low: 0.25, high: 0.25 })
    expect(bootstrapMeanInterval([])).toBeNull()
  })

  it('is reproducible with a seed and contains the mean', () => {
    const values = [1, 0, 1, 1, 0, 1, 0.5, 1, 1, 0]
    const a = bootstrapMeanInterval(values, { seed: 7 })!
    expect(bootstrapMeanInterval(values, { seed: 7 })).toEqual(a)
    expect(a.low).toBeLessThanOrEqual(0.65)
    expect(a.high).toBeGreaterThanOrEqual(0.65)
    expect(a.low).toBeGreaterThan(0.2)
  })
})

describe('signTest (exact, two-sided)', () => {
  it('6 of 6 positive: p = 2 × (1/2)^6 = 0.03125', () => {
    expect(signTest([1, 1, 0.5, 1, 0.5, 1])).toEqual({ positive: 6, negative: 0, ties: 0, pValue: 0.03125 })
  })

  it('8 positive, 2 negative: p = 2 × (1 + 10 + 45) / 1024 = 0.109375', () => {
    expect(signTest([1, 1, 1, 1, 1, 1, 1, 1, -1, -0.5]).pValue).toBe(0.109375)
  })

  it('drops ties: 5 positive, 0 negative, 3 ties → p = 2/32 = 0.0625', () => {
    expect(signTest([1, 1, 1, 1, 1, 0, 0, 0])).toEqual({ positive: 5, negative: 0, ties: 3, pValue: 0.0625 })
  })

  it('is 1 for balanced or empty differences (capped at 1)', () => {
    expect(signTest([1, -1]).pValue).toBe(1)
    expect(signTest([]).pValue).toBe(1)
    expect(signTest([0, 0]).pValue).toBe(1)
  })
})

describe('verdictOf', () => {
  it('helps: all eight items pass with the lesson and fail without (+100 pts, p = 2/256)', () => {
    const verdict = verdictOf([1, 1, 1, 1, 1, 1, 1, 1])
    expect(verdict).toMatchObject({ kind: 'helps', meanPoints: 100, pValue: 0.0078125, pairs: 8 })
    expect(verdict.label).toBe('helps +100 pts [100, 100]')
  })

  it('hurts: six of six worse by half', () => {
    const verdict = verdictOf([-0.5, -0.5, -0.5, -0.5, -0.5, -0.5])
    expect(verdict.kind).toBe('hurts')
    expect(verdict.label).toBe('hurts −50 pts [−50, −50]')
  })

  it('no evidence either way when the sign test is not significant, even with a positive mean', () => {
    const verdict = verdictOf([1, 1, 1, 0, 0])
    expect(verdict.pValue).toBe(0.25)
    expect(verdict.kind).toBe('no_evidence')
    expect(verdict.label).toBe('no evidence either way')
  })

  it('no evidence with no pairs', () => {
    expect(verdictOf([])).toMatchObject({ kind: 'no_evidence', meanPoints: null, interval: null, pValue: 1, pairs: 0 })
  })
})
