import { Writable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import { addLogContext, runWithLogContext } from './log-context'
import { createLogger, routeConsoleToLogger } from './logger'

function memoryLogger(level = 'info') {
  const lines: Record<string, unknown>[] = []
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  return { logger: createLogger({ level, destination }), lines }
}

const flush = () => new Promise((resolve) => setImmediate(resolve))
const original = { ...console }
afterEach(() => Object.assign(console, original))

describe('the logger', () => {
  it('puts the request, tenant, user and run on every line of the work they belong to', async () => {
    const { logger, lines } = memoryLogger()
    await runWithLogContext({ requestId: 'req-1' }, async () => {
      logger.info('before the session')
      addLogContext({ tenantId: 'tenant-1', userId: 'user-1' })
      await runWithLogContext({ runId: 'run-1' }, async () => logger.warn({ attempt: 2 }, 'attempt %d slow', 2))
      logger.info('after the run')
    })
    logger.info('outside')
    await flush()
    expect(
      lines.map(({ level, msg, requestId, tenantId, userId, runId, attempt }) => ({
        level,
        msg,
        requestId,
        tenantId,
        userId,
        runId,
        attempt,
      })),
    ).toEqual([
      {
        level: 'info',
        msg: 'before the session',
        requestId: 'req-1',
        tenantId: undefined,
        userId: undefined,
        runId: undefined,
        attempt: undefined,
      },
      {
        level: 'warn',
        msg: 'attempt 2 slow',
        requestId: 'req-1',
        tenantId: 'tenant-1',
        userId: 'user-1',
        runId: 'run-1',
        attempt: 2,
      },
      {
        level: 'info',
        msg: 'after the run',
        requestId: 'req-1',
        tenantId: 'tenant-1',
        userId: 'user-1',
        runId: undefined,
        attempt: undefined,
      },
      {
        level: 'info',
        msg: 'outside',
        requestId: undefined,
        tenantId: undefined,
        userId: undefined,
        runId: undefined,
        attempt: undefined,
      },
    ])
  })

  it('masks secrets in messages and fields, keeping the rest', async () => {
    const { logger, lines } = memoryLogger()
    logger.error(
      { apiKey: 'sk-live-abcdefghijklmnop', headers: { authorization: 'Bearer abcdefghijk123' }, note: 'fine' },
      '401 Incorrect API key provided: %s for %s',
      'sk-proj-ABCDEFGHIJKLMNOP1234',
      'ada@demo.test',
    )
    logger.info('postgresql://app:hunter2hunter2@db:5432/reflexion')
    await flush()
    const text = JSON.stringify(lines)
    for (const secret of [
      'sk-live-abcdefghijklmnop',
      'abcdefghijk123',
      'sk-proj-ABCDEFGHIJKLMNOP1234',
      'hunter2hunter2',
    ])
      expect(text).not.toContain(secret)
    expect(lines[0]).toMatchObject({ note: 'fine', msg: expect.stringContaining('for ada@demo.test') })
  })

  it('honours the level', async () => {
    const { logger, lines } = memoryLogger('warn')
    logger.debug('d')
    logger.info('i')
    logger.warn('w')
    logger.error('e')
    await flush()
    expect(lines.map((line) => line.msg)).toEqual(['w', 'e'])
  })

  it('sends console output of any module through the logger, errors with their stack', async () => {
    const { logger, lines } = memoryLogger('debug')
    routeConsoleToLogger(logger)
    runWithLogContext({ runId: 'run-9' }, () => {
      console.log('[runs] run %s started', 'run-9')
      console.error('[runs] failed', new Error('boom token=abcdefgh12345'))
    })
    await flush()
    expect(lines[0]).toMatchObject({ level: 'info', msg: '[runs] run run-9 started', runId: 'run-9' })
    expect(lines[1]).toMatchObject({
      level: 'error',
      runId: 'run-9',
      error: { type: 'Error', stack: expect.stringContaining('logger.test') },
    })
    expect(JSON.stringify(lines[1])).not.toContain('abcdefgh12345')
  })
})

describe('readable lines', () => {
  it('shows a person the time, level, message and context instead of JSON', async () => {
    const written: string[] = []
    const { readableLines } = await import('./logger')
    const logger = createLogger({ destination: readableLines((text) => written.push(text)) })
    runWithLogContext({ runId: 'run-7' }, () => logger.info('worker: started'))
    expect(written).toEqual([expect.stringMatching(/^\d\d:\d\d:\d\d info  worker: started {2}runId=run-7\n$/)])
  })
})
