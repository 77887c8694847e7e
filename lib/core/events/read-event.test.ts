import { describe, expect, it } from 'vitest'
import type { RawLoggedEvent } from './event'
import { parseJsonl, serializeJsonl } from './jsonl'
import { readEvent, readPayload } from './read-event'
import { summarizeRun } from './reducers'
import { EVENT_TYPE_NAMES, EVENT_TYPES } from './vocabulary'

const raw = (index: number, type: string, payload: Record<string, unknown>): RawLoggedEvent => ({
  index,
  type,
  kind: 'DomainEvent',
  namespace: type.split('.')[0],
  payload,
  cause: index === 0 ? { kind: 'seed' } : { kind: 'framework' },
  at: '2026-01-01T00:00:00.000Z',
})

describe('readEvent', () => {
  it('gives every type of the vocabulary a payload schema that accepts an empty payload', () => {
    for (const type of EVENT_TYPE_NAMES) expect(EVENT_TYPES[type].payload.safeParse({}).success).toBe(true)
  })

  it('keeps fields other versions add (loose payloads), in their order', () => {
    const payload = { toolCallId: 'c1', messages: [{ role: 'user' }], attempt: 1, feedbackFromUser: 'ok' }
    const event = readEvent(raw(1, 'agent.tool_called', payload))
    expect(event.payload).toEqual(payload)
    expect(Object.keys(event.payload)).toEqual(Object.keys(payload))
  })

  it('leaves out only the field of the wrong shape, keeping the rest of a known event', () => {
    const event = readEvent(raw(1, 'reflexion.evaluated', { attempt: 2, score: '0.9', feedback: 'close', extra: true }))
    expect(event.payload).toEqual({ attempt: 2, feedback: 'close', extra: true })
    expect(readPayload('reflexion.lessons_recalled', { lessons: 'not a list', attempt: 1 })).toEqual({ attempt: 1 })
  })

  it('keeps events of unknown types as they were written, and reducers pass over them', () => {
    const log = [
      raw(0, 'run.submitted', { prompt: 'p', userId: 'u' }),
      raw(1, 'custom.audit_checked', { attempt: 'x', score: 99 }),
      raw(2, 'reflexion.evaluated', { attempt: 1, score: 0.5 }),
    ].map(readEvent)
    expect(log[1].payload).toEqual({ attempt: 'x', score: 99 })
    expect(summarizeRun(log).bestScore).toBe(0.5)
  })

  it('reads the seed the engine writes and the one the product writes with one schema', () => {
    const engine = readPayload('run.submitted', { prompt: 'p', userId: 'u' })
    const product = readPayload('run.submitted', {
      prompt: 'p',
      userId: 'u',
      title: 't',
      maxAttempts: 3,
      threshold: 0.8,
    })
    expect(engine).toEqual({ prompt: 'p', userId: 'u' })
    expect(product.maxAttempts).toBe(3)
  })

  it('exports what was written: JSON Lines rows keep wrong-shaped fields for Reflection', () => {
    const text = `${JSON.stringify(raw(0, 'run.handler_raised', { sourceEvent: { index: 0 }, error: 'x' }))}\n`
    const rows = parseJsonl(text)
    expect(rows[0].payload).toEqual({ sourceEvent: { index: 0 }, error: 'x' })
    expect(serializeJsonl(rows)).toBe(serializeJsonl(parseJsonl(serializeJsonl(rows))))
    expect(readEvent(rows[0]).payload).toEqual({ error: 'x' })
  })
})
