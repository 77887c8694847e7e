import { describe, expect, it } from 'vitest'
import { failedThenPassed, providerError } from '@/tests/unit/fixtures/run-scenarios'
import { parseJsonl, serializeJsonl, type LoggedEvent, type RawLoggedEvent } from '../events'
import { Reflection } from './reflection'

describe('Reflection.fromEvents is a snapshot', () => {
  it('pushing to, removing from or reordering the caller’s array changes no answer', () => {
    const events: LoggedEvent[] = [...failedThenPassed().events]
    const reflection = Reflection.fromEvents(events)
    const before = { count: reflection.query({ op: 'count', type: 'Event' }), card: reflection.context() }
    events.push({ ...events.at(-1)!, index: events.length, type: 'run.handler_raised', payload: { error: 'late' } })
    events.splice(1, 1)
    expect(reflection.query({ op: 'count', type: 'Event' })).toBe(before.count)
    expect(reflection.context()).toBe(before.card)
    events.reverse()
    expect(reflection.query({ op: 'get', index: 0 })).toContain('run.submitted')
    expect(reflection.events).toHaveLength(failedThenPassed().events.length)
  })
})

describe('JSON Lines rows without a cause', () => {
  it('read as unknown, not recorded (history written before causes existed)', () => {
    const text = serializeJsonl(failedThenPassed().events)
      .trim()
      .split('\n')
      .map((line, position) => {
        const row = JSON.parse(line) as Record<string, unknown>
        if (position % 2 === 1) delete row.cause
        return JSON.stringify(row)
      })
      .join('\n')
    const events = parseJsonl(text)
    expect(events[1]!.cause).toEqual({ kind: 'unknown', reason: 'not recorded' })
    expect(events[0]!.cause).toEqual({ kind: 'seed' })
    const reflection = Reflection.fromEvents(events)
    expect(reflection.query({ op: 'cause', index: 1 })).toContain('unknown, not recorded')
    expect(reflection.query({ op: 'evidence', index: 1 })).toContain('unknown, not recorded')
  })
})

describe('bounded for crafted names', () => {
  const longName = (letter: string) => `${letter.repeat(20_000)}`
  function craftedLog(): RawLoggedEvent[] {
    const events = [...providerError().events]
    const crafted = Array.from({ length: 60 }, (_, position): RawLoggedEvent => ({
      index: 0,
      type: `${longName('n')}.${longName(String.fromCharCode(97 + (position % 26)))}${position}`,
      kind: 'SystemEvent',
      namespace: longName('n'),
      payload: Object.fromEntries(Array.from({ length: 8 }, (_, field) => [`${longName('f')}${field}`, 'x'])),
      cause: { kind: 'framework' },
      at: '2025-01-01T00:00:00.000Z',
    }))
    return [...events, ...crafted].map((event, index) => ({ ...event, index }))
  }

  it('the context card stays small with 20,000-character type and field names', () => {
    const card = Reflection.fromEvents(craftedLog()).context({ tail: 20 })
    expect(card.length).toBeLessThan(12_000)
    expect(card.split('\n').length).toBeLessThanOrEqual(40)
  })

  it('the tool description stays small with long type names present in the log', () => {
    const description = Reflection.fromEvents(craftedLog()).tool().description
    expect(description.length).toBeLessThan(20_000)
  })
})
