import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger, loggerFor } from './logger'

function capture(level: 'debug' | 'info' | 'warn' | 'error') {
  const lines: Record<string, unknown>[] = []
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  return { logger: createLogger({ level, destination }), lines }
}

describe('the server logger', () => {
  it('honours the level', () => {
    const { logger, lines } = capture('warn')
    logger.info('not written')
    logger.warn('written')
    expect(lines.map((line) => line.msg)).toEqual(['written'])
  })

  it('masks secrets in messages, fields, errors and child context', () => {
    const { logger, lines } = capture('debug')
    const child = loggerFor('runs', { token: 'tok-value-123456' }, logger)
    child.error({ err: new Error('401 Incorrect API key provided: sk-abc123def456ghi') }, 'provider failed')
    child.info({ apiKey: 'plain-value', detail: 'Authorization: Bearer abcdefgh12345678' }, 'key for %s', 'a@b.example')
    child.warn(new Error('connect postgres://app:Hunter2Pass@db:5432/x failed'))
    const text = lines.map((line) => JSON.stringify(line)).join('\n')
    for (const secret of [
      'tok-value-123456',
      'sk-abc123def456ghi',
      'plain-value',
      'abcdefgh12345678',
      'a@b.example',
      'Hunter2Pass',
    ])
      expect(text).not.toContain(secret)
    expect(lines[0]).toMatchObject({ component: 'runs', msg: 'provider failed', err: { type: 'Error' } })
    expect(lines[2].msg).toBe('connect postgres://app:[redacted]@db:5432/x failed')
  })
})
