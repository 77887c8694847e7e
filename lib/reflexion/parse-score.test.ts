import { describe, expect, it } from 'vitest'
import { parseScore } from './parse-score'

describe('parseScore', () => {
  it.each([
    ['score: 7/10', 0.7],
    ['score: 40%', 0.4],
    ['score: 7', 0.7],
    ['score: 0.85', 0.85],
    ['score: 1', 1],
    ['no score here', 0],
    ['score: 1/10', 0.1],
    ['score: -3', 0],
    ['score: -0.5', 0],
    ['score: 12/10', 1],
    ['score: 150%', 1],
    ['score: 15', 1],
    ['Score = 0.9', 0.9],
    ['**Score:** 8/10', 0.8],
    ['SCORE: 6 / 10\nreason', 0.6],
    ['subscore: 0.9', 0],
    ['The plan is fine.\nscore: 0.3\nscore: 0.9', 0.3],
    ['subscore: 0.9\nscore: 0.2', 0.2],
    ['score: 5/0', 0],
  ])('%j → %d', (text, expected) => {
    expect(parseScore(text)).toBeCloseTo(expected, 10)
  })

  it('score: 1/10 never passes a 0.8 threshold', () => {
    expect(parseScore('score: 1/10') >= 0.8).toBe(false)
  })
})
