import { describe, expect, it } from 'vitest'
import { detectPersonalData } from '../../../lib/services/lessons/personal-data'

describe('detectPersonalData', () => {
  it('finds emails, phones, token URLs, names and API keys as ranges', () => {
    const text =
      'My name is Ada Lovelace, mail ada@example.com or call +44 20 7946 0958; see https://x.io/a?token=abc123 with sk-abcdefghijklmnop1234.'
    const kinds = detectPersonalData(text).map((range) => [range.kind, range.text])
    expect(kinds).toEqual([
      ['name', 'Ada Lovelace'],
      ['email', 'ada@example.com'],
      ['phone', '+44 20 7946 0958'],
      ['url_token', 'https://x.io/a?token=abc123'],
      ['api_key', 'sk-abcdefghijklmnop1234'],
    ])
    for (const range of detectPersonalData(text)) expect(text.slice(range.start, range.end)).toBe(range.text)
  })

  it('leaves an ordinary lesson alone', () => {
    expect(
      detectPersonalData(
        'When the user asks for a relaxed walking tour, plan at most 3 stops unless they ask for more.',
      ),
    ).toEqual([])
  })
})
