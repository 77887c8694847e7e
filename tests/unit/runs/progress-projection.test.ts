import { describe, expect, it } from 'vitest'
import type { LoggedEvent } from '../../../lib/core/events/event'
import { readEvent } from '../../../lib/core/events/read-event'
import { kindOf, namespaceOf } from '../../../lib/core/events/vocabulary'
import { decryptSecret, encryptSecret } from '../../../lib/adapters/models/crypto'
import { progressOf } from '../../../lib/services/runs/progress'
import { runColumnsOf } from '../../../lib/services/runs/projection'
import { taskInputSchema } from '../../../lib/services/runs/task-input'

let index = 0
const event = (type: string, payload: Record<string, unknown> = {}): LoggedEvent =>
  readEvent({
    index: index++,
    type,
    kind: kindOf(type),
    namespace: namespaceOf(type),
    payload,
    cause: { kind: 'framework' },
    at: new Date(0).toISOString(),
  })

describe('progressOf and the run projection', () => {
  it('tracks attempt k of n, the phase and the last score', () => {
    index = 0
    const log = [event('run.submitted', { maxAttempts: 3 })]
    expect(progressOf(log)).toMatchObject({ attempt: 0, maxAttempts: 3, phase: 'queued' })
    log.push(event('reflexion.attempt_started', { attempt: 1, maxAttempts: 3 }))
    expect(progressOf(log).phase).toBe('recalling')
    log.push(
      event('reflexion.lessons_recalled', { attempt: 1, lessons: [] }),
      event('agent.model_called', {
        role: 'agent',
        usage: { inputTokens: 10, outputTokens: 5 },
        model: 'openai:gpt-4.1-mini',
      }),
    )
    expect(progressOf(log).phase).toBe('attempting')
    log.push(event('agent.output_produced', { attempt: 1, output: 'x' }))
    expect(progressOf(log).phase).toBe('evaluating')
    log.push(event('reflexion.evaluated', { attempt: 1, score: 0.4, passed: false }))
    expect(progressOf(log)).toMatchObject({ phase: 'reflecting', lastScore: 0.4 })
    log.push(
      event('reflexion.attempt_started', { attempt: 2, maxAttempts: 3 }),
      event('reflexion.evaluated', { attempt: 2, score: 0.9, passed: true }),
      event('run.finished', { status: 'succeeded', output: 'y' }),
    )
    expect(progressOf(log)).toMatchObject({ attempt: 2, maxAttempts: 3, phase: 'done', lastScore: 0.9, finished: true })
    expect(runColumnsOf(log)).toMatchObject({
      status: 'succeeded',
      attemptsUsed: 2,
      bestScore: 0.9,
      output: 'y',
      finished: true,
    })
    expect(runColumnsOf(log).costUsd).toBeCloseTo((10 * 0.4 + 5 * 1.6) / 1_000_000, 12)
  })

  it('shows an interruption by cancellation as cancelled', () => {
    index = 0
    const log = [
      event('run.submitted'),
      event('run.interrupted', { reason: 'cancelled' }),
      event('run.finished', { status: 'interrupted', interruptionReason: 'cancelled' }),
    ]
    expect(runColumnsOf(log)).toMatchObject({ status: 'cancelled', interruptionReason: 'cancelled' })
  })

  it('validates task input with defaults and readable errors', () => {
    expect(taskInputSchema.parse({ prompt: 'x' }).reflexion).toEqual({
      maxAttempts: 3,
      threshold: 0.8,
      lessonMode: 'selective',
      topKLessons: 5,
      maxLessons: 10,
      lessonAfterFinalFailure: false,
    })
    const result = taskInputSchema.safeParse({
      prompt: 'x',
      architecture: { kind: 'supervisor', workers: [] },
      models: { agent: 'gpt4' },
    })
    expect(result.success).toBe(false)
    expect(result.error!.issues.map((issue) => issue.path.join('.'))).toEqual(
      expect.arrayContaining(['architecture.workers', 'models.agent']),
    )
  })

  it('encrypts secrets with AES-256-GCM and refuses a wrong key', () => {
    const key = Buffer.alloc(32, 7)
    const sealed = encryptSecret(key, 'sk-secret')
    expect(decryptSecret(key, sealed)).toBe('sk-secret')
    expect(() => decryptSecret(Buffer.alloc(32, 8), sealed)).toThrow()
  })
})
