import { describe, expect, it } from 'vitest'
import { outOfTurns, providerError } from '@/tests/unit/fixtures/run-scenarios'
import { syntheticRunLog } from '@/tests/unit/fixtures/synthetic-log'
import { Reflection } from './reflection'

describe('context card', () => {
  it('shows size, status, attempts, anomalies and the last events as #index lines', () => {
    const card = Reflection.fromEvents(outOfTurns().events).context()
    expect(card.split('\n')).toEqual([
      '[run context] 20 events, status: interrupted (max_turns_exceeded) — use the query_log tool to inspect the event log',
      'attempts: 2 of 2; best score: 0',
      'anomalies (3):',
      '  #7 agent.out_of_turns(attempt=1, turns=2, maxTurns=2)',
      '  #17 agent.out_of_turns(attempt=2, turns=2, maxTurns=2)',
      "  #18 run.interrupted(reason='max_turns_exceeded', detail='attempt 2 used all 2 turns')",
      'recent events (last 3 of 20):',
      '  #17 agent.out_of_turns(attempt=2, turns=2, maxTurns=2)',
      "  #18 run.interrupted(reason='max_turns_exceeded', detail='attempt 2 used all 2 turns')",
      "  #19 run.finished(status='interrupted', output=null, bestScore=0, attempts=2, interruptionReason='max_turns_exceeded')",
    ])
  })

  it('lists retries, raised handlers and interruptions as anomalies', () => {
    const card = Reflection.fromEvents(providerError().events).context({ tail: 1 })
    expect(card).toContain('anomalies (4):')
    expect(card).toMatch(/ {2}#3 run\.retried\(/)
    expect(card).toMatch(/ {2}#5 run\.handler_raised\(handler='react'/)
    expect(card).toContain('recent events (last 1 of 8):')
  })

  it('does not grow with the log: 10 events and 100,000 events give cards of the same bounded size', () => {
    const small = Reflection.fromEvents(syntheticRunLog(10)).context()
    const large = Reflection.fromEvents(syntheticRunLog(100_000)).context()
    const mid = Reflection.fromEvents(syntheticRunLog(10_000)).context()
    expect(small.length).toBeLessThan(1500)
    expect(large.length).toBeLessThan(1500)
    expect(large.split('\n').length).toBeLessThanOrEqual(13)
    expect(Math.abs(large.length - mid.length)).toBeLessThan(40)
    expect(large).toMatch(/^anomalies \(\d+\):$/m)
    expect(large).toMatch(/… \d+ more; use op='filter' with type= one of run\.retried/)
    expect(large).toContain('recent events (last 3 of 100000):')
    expect(large).toContain('  #99999 ')
  })

  it('caps tail at 20 and rejects a bad tail', () => {
    const reflection = Reflection.fromEvents(syntheticRunLog(100))
    expect(reflection.context({ tail: 500 })).toContain('recent events (last 20 of 100):')
    expect(reflection.context({ tail: 0 })).toContain('recent events: (none)')
    expect(() => reflection.context({ tail: -1 })).toThrow(RangeError)
  })

  it('bounds every value at 40 characters', () => {
    const card = Reflection.fromEvents(syntheticRunLog(1000)).context()
    for (const match of card.matchAll(/='([^']*)'/g)) expect(match[1].length).toBeLessThanOrEqual(41)
  })
})
