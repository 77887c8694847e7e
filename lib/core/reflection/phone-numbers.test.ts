import { describe, expect, it } from 'vitest'
import { findPhoneNumbers, maskPhoneNumbers } from './phone-numbers'

const phones = (text: string) => findPhoneNumbers(text).map((range) => range.text)

describe('phone numbers', () => {
  it.each([
    ['Call +44 20 7946 0958 before noon.', '+44 20 7946 0958'],
    ['Tel: +1 (555) 010-4477', '+1 (555) 010-4477'],
    ['WeChat / mobile +86 138 0013 8000', '+86 138 0013 8000'],
    ['mobile 13800138000 any time', '13800138000'],
    ['ring 0049 30 1234567', '0049 30 1234567'],
    ['Ruf an: +49 (0)30 1234567', '+49 (0)30 1234567'],
    ['office 020 7946 0958', '020 7946 0958'],
    ['appelle le 06 12 34 56 78', '06 12 34 56 78'],
    ['appelle le 06.12.34.56.78', '06.12.34.56.78'],
    ['電話 090-1234-5678 まで', '090-1234-5678'],
    ['(030) 123 45 67', '(030) 123 45 67'],
    ['US desk 555-010-4477', '555-010-4477'],
    ['+33612345678', '+33612345678'],
    ['+91 98765 43210', '+91 98765 43210'],
    ['+55 11 91234-5678', '+55 11 91234-5678'],
    ['+7 495 123-45-67', '+7 495 123-45-67'],
    ['+61 2 9876 5432', '+61 2 9876 5432'],
    ['+234 803 123 4567', '+234 803 123 4567'],
  ])('finds the phone in %j', (text, phone) => {
    expect(phones(text)).toEqual([phone])
  })

  it.each([
    'Dates like 2025-01-15 and 15.01.2025 or 01/15/2025',
    'the server at 192.168.100.200 answered',
    'version 1.22.333 of the package',
    'pi is 3.14159265',
    'at 12:30:45 UTC',
    'order 12345678 shipped',
    'timestamp 1733040000000',
    'run cm4x9a2b30000abcd1234',
    'the budget is 1,250,000 yen',
    'score: 7/10, 3 of 5 stops',
    'ISO time 2025-01-01T00:00:00.000Z',
    'steps 1 2 3 4 5 6 7',
    'rooms 12 14 16',
  ])('finds no phone in %j', (text) => {
    expect(phones(text)).toEqual([])
  })

  it('masks each phone and keeps the rest', () => {
    expect(maskPhoneNumbers('Ask Ana (+44 20 7946 0958) or 06 12 34 56 78.', '[redacted:phone]')).toBe(
      'Ask Ana ([redacted:phone]) or [redacted:phone].',
    )
  })
})
