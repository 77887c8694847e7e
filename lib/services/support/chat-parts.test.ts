import { describe, expect, it } from 'vitest'
import { answerChunks } from './answer-parts'
import { decodeChatParts, encodeChatPart, splitCitations } from './chat-parts'
import { parseSupportQuestion } from './question-input'
import { tenantRedaction, tenantRedactor } from './tenant-redaction'

describe('support chat parts', () => {
  it('NDJSON round trip, with a line split across chunks', () => {
    const wire =
      encodeChatPart({ type: 'start', mode: 'offline', label: 'offline diagnosis' }) +
      encodeChatPart({ type: 'text', delta: 'a\nb #3' })
    const first = decodeChatParts(wire.slice(0, 60))
    const second = decodeChatParts(first.rest + wire.slice(60))
    expect([...first.parts, ...second.parts]).toEqual([
      { type: 'start', mode: 'offline', label: 'offline diagnosis' },
      { type: 'text', delta: 'a\nb #3' },
    ])
    expect(second.rest).toBe('')
  })

  it('splits #index citations out of text, keeping everything else as text', () => {
    expect(splitCitations('see #12 and (#3).#x # 4')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'citation', index: 12, text: '#12' },
      { kind: 'text', text: ' and (' },
      { kind: 'citation', index: 3, text: '#3' },
      { kind: 'text', text: ').#x # 4' },
    ])
  })

  it('answer chunks join back to the answer', () => {
    const answer =
      'Status: failed — all 2 attempts scored below the threshold (#14).\nAttempt 1 (#1): No lessons recalled (#2).'
    expect(answerChunks(answer).join('')).toBe(answer)
    expect(answerChunks(answer).length).toBeGreaterThan(2)
  })
})

describe('question input and tenant redaction', () => {
  it('accepts a trimmed question; refuses what is not one, saying what is accepted', () => {
    expect(parseSupportQuestion('{"question":"  why?  "}')).toEqual({ ok: true, question: 'why?', history: [] })
    expect(parseSupportQuestion('{"question":"and 3?","history":["score of attempt 2?"]}')).toEqual({
      ok: true,
      question: 'and 3?',
      history: ['score of attempt 2?'],
    })
    expect(parseSupportQuestion('null')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/send a JSON object/),
    })
    expect(parseSupportQuestion(JSON.stringify({ question: 'x'.repeat(2001) }))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/at most 2000/),
    })
  })

  it('e-mails masked unless the tenant turns them off; secrets always', () => {
    expect(tenantRedaction({})).toEqual({ emails: true, phones: true })
    expect(tenantRedaction({ redaction: { emails: 'no' } })).toEqual({ emails: true, phones: true })
    const off = tenantRedactor({ redaction: { emails: false } })
    expect(off.redactText('a@b.example key sk-live-abcdefghijklmnopqrstu')).toBe('a@b.example key [redacted:api-key]')
    expect(tenantRedactor(null).redactText('a@b.example')).toBe('[redacted:email]')
    expect(off.isSensitiveField('password')).toBe(true)
  })

  it('phone numbers masked like e-mails, in international formats, unless the tenant turns them off', () => {
    const text = 'Call +44 20 7946 0958 or 06 12 34 56 78 (ref 2025-01-15)'
    expect(tenantRedactor({}).redactText(text)).toBe('Call [redacted:phone] or [redacted:phone] (ref 2025-01-15)')
    expect(tenantRedactor({ redaction: { phones: false } }).redactText(text)).toBe(text)
  })
})
