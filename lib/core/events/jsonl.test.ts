import { describe, expect, it } from 'vitest'
import { failedThenPassed } from '@/tests/unit/fixtures/run-scenarios'
import { JsonlParseError, parseJsonl, serializeJsonl } from './jsonl'

const row = (overrides: Record<string, unknown>) =>
  JSON.stringify({
    index: 0,
    type: 'run.submitted',
    kind: 'Command',
    namespace: 'run',
    payload: { prompt: 'x' },
    cause: { kind: 'seed' },
    at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  })

describe('JSON Lines', () => {
  it('round-trips a log in the export shape and key order', () => {
    const events = failedThenPassed().events
    const text = serializeJsonl(events)
    expect(text.split('\n')).toHaveLength(events.length + 1)
    expect(
      text.split('\n')[0].startsWith('{"index":0,"type":"run.submitted","kind":"Command","namespace":"run","payload":'),
    ).toBe(true)
    expect(parseJsonl(text)).toEqual(events)
    expect(serializeJsonl([])).toBe('')
    expect(parseJsonl('')).toEqual([])
  })

  it('skips blank lines and derives a missing kind and namespace', () => {
    const text = `\n${row({ kind: undefined, namespace: undefined })}\n\n`
    expect(parseJsonl(text)[0]).toMatchObject({ kind: 'Command', namespace: 'run' })
  })

  it.each([
    ['{not json', /^line 2: not valid JSON/],
    ['[1,2]', /^line 2: expected a JSON object per line$/],
    [row({ index: 5 }), /^line 2: "index" is 5, expected 1 \(rows must be in log order, 0\.\.n-1\)$/],
    [row({ index: 1, type: '' }), /^line 2: missing or empty "type"$/],
    [
      row({ index: 1, kind: 'Thing' }),
      /^line 2: unknown "kind" "Thing"; expected one of Command, DomainEvent, IntegrationEvent, SystemEvent$/,
    ],
    [row({ index: 1, payload: [1] }), /^line 2: "payload" must be an object$/],
    [row({ index: 1, at: 7 }), /^line 2: missing or non-string "at"/],
    [
      row({ index: 1, cause: { kind: 'handler', index: 'x', handler: 'react' } }),
      /^line 2: invalid "cause" \(handler cause needs an integer "index"/,
    ],
    [row({ index: 1, cause: { kind: 'bogus' } }), /^line 2: invalid "cause" \(kind "bogus"\)/],
  ])('names the line and the problem: %s', (bad, message) => {
    const text = `${row({})}\n${bad}\n`
    expect(() => parseJsonl(text)).toThrow(JsonlParseError)
    expect(() => parseJsonl(text)).toThrow(message)
  })
})
