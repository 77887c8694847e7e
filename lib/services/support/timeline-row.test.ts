import { describe, expect, it } from 'vitest'
import { createRedactor } from '@/lib/core/reflection'
import { toTimelineRow } from './timeline-row'

describe('support timeline rows', () => {
  it('payloads as readable fields: strings as text, objects as compact JSON, long values folded, secrets masked', () => {
    const row = toTimelineRow(
      {
        index: 4,
        type: 'agent.tool_returned',
        kind: 'IntegrationEvent',
        namespace: 'agent',
        payload: {
          toolName: 'sql',
          output: `rows ${'x'.repeat(300)}`,
          usage: { inputTokens: 3 },
          apiKey: 'sk-live-abcdefghijklmnopqrst',
        },
        cause: { kind: 'handler', index: 3, handler: 'tools' },
        at: '2025-01-01T00:00:04.000Z',
      },
      createRedactor(),
    )
    expect(row.cause).toBe('#3 via tools')
    expect(row.fields).toEqual([
      { name: 'toolName', value: 'sql', long: false },
      { name: 'output', value: `rows ${'x'.repeat(300)}`, long: true },
      { name: 'usage', value: '{"inputTokens":3}', long: false },
      { name: 'apiKey', value: '[redacted]', long: false },
    ])
  })
})
