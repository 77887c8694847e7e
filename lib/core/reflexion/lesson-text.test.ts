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

describe('lesson hygiene: markers, preambles, one sentence', () => {
  it('strips list markers and preambles in several languages', () => {
    expect(cleanLesson('1. Lesson: Plan at most three stops.')).toBe('Plan at most three stops.')
    expect(cleanLesson('- Plan at most three stops.')).toBe('Plan at most three stops.')
    expect(cleanLesson('教训：轻松步行要求时，景点不超过 3 个。')).toBe('轻松步行要求时，景点不超过 3 个。')
    expect(cleanLesson('2) **Takeaway:** Check the opening hours.')).toBe('Check the opening hours.')
    expect(cleanLesson('Lección: Separa los gastos fijos de los variables.')).toBe(
      'Separa los gastos fijos de los variables.',
    )
  })

  it('keeps one sentence, and the first item of a list', () => {
    expect(cleanLesson('Plan at most three stops. Also mention the weather. And the food!')).toBe(
      'Plan at most three stops.',
    )
    expect(cleanLesson('Lesson:\n- Keep it to three stops.\n- Check opening hours.')).toBe('Keep it to three stops.')
    expect(cleanLesson('景点不超过 3 个。其余时间留给休息。')).toBe('景点不超过 3 个。')
    expect(cleanLesson('Use ISO 8601 dates (e.g. 2024-03-01) and 3.5 stops')).toBe(
      'Use ISO 8601 dates (e.g. 2024-03-01) and 3.5 stops',
    )
  })
})
