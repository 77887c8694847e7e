import { describe, expect, it } from 'vitest'
import { MAX_LESSON_CHARS, blockLines, cleanLesson, normaliseLesson } from './lesson-text'

describe('lesson hygiene', () => {
  it('accepts the tutorial reflector JSON reply', () => {
    expect(cleanLesson('{"lesson": "轻松步行要求时，景点不超过 3 个，除非用户明确说要更多。"}')).toBe(
      '轻松步行要求时，景点不超过 3 个，除非用户明确说要更多。',
    )
    expect(cleanLesson('```json\n{"lesson": "Keep it to three stops."}\n```')).toBe('Keep it to three stops.')
  })

  it('makes one line and drops labels, bullets and quotes', () => {
    expect(cleanLesson('Lesson: check the\nstop count\n  before answering.')).toBe(
      'check the stop count before answering.',
    )
    expect(cleanLesson('- **Lesson:** "Use ISO dates."')).toBe('Use ISO dates.')
  })

  it('bounds long lessons at a word boundary', () => {
    const long = 'word '.repeat(200)
    const lesson = cleanLesson(long)
    expect(lesson.length).toBeLessThanOrEqual(MAX_LESSON_CHARS)
    expect(lesson.endsWith('word…')).toBe(true)
  })

  it('returns empty for an empty reply or an empty JSON lesson', () => {
    expect(cleanLesson('   \n ')).toBe('')
    expect(cleanLesson('{"lesson": ""}')).toBe('')
  })

  it('normalises for dedupe: case, whitespace, trailing punctuation', () => {
    expect(normaliseLesson('  Plan at most  3 stops!!  ')).toBe(normaliseLesson('plan at most 3 stops'))
    expect(normaliseLesson('Plan at most 3 stops.')).not.toBe(normaliseLesson('Plan at most 4 stops.'))
  })

  it('splits a block into its non-empty lines', () => {
    expect(blockLines('a\n\n b \n')).toEqual(['a', 'b'])
    expect(blockLines(undefined)).toEqual([])
  })
})
