import { describe, expect, it } from 'vitest'
import { Reflection } from '@/lib/core/reflection'
import { FAILURE_GENERATORS, seeded } from '@/tests/unit/fixtures/failure-logs'
import { diagnoseRun } from './diagnose-run'
import { failureSignal } from './failure-signal'

const SEEDS = Array.from({ length: 12 }, (_, seed) => seed + 1)

describe('the explanation, on generated failure logs of every kind', () => {
  for (const generate of FAILURE_GENERATORS) {
    it(`${generate.name}: names the decisive event first, with its facts, and cites only real events`, () => {
      for (const seed of SEEDS) {
        const log = generate(seeded(seed))
        const { answer, toolCalls } = diagnoseRun(Reflection.fromEvents(log.events))
        const [headline] = answer.split('\n')
        expect(headline, `${log.kind} seed ${seed}`).toContain(`#${log.decisive}`)
        for (const word of log.mustMention) expect(answer, `${log.kind} seed ${seed}: ${word}`).toContain(word)
        for (const word of log.mustNotMention ?? []) expect(answer).not.toContain(word)
        expect(answer).not.toMatch(/\bundefined\b|\bNaN\b|\[object Object\]/)
        const cited = [...answer.matchAll(/#(\d+)/g)].map((match) => Number(match[1]))
        for (const position of cited) {
          expect(position).toBeLessThan(log.events.length)
          expect(toolCalls.some((call) => call.result.includes(`#${position}`))).toBe(true)
        }
        expect(answer.split('\n').length).toBeLessThanOrEqual(9)
      }
    })
  }
})

describe('failureSignal: one general rule for events it has never seen', () => {
  it.each([
    ['payments.charge_declined', { amount: 3 }],
    ['sandbox.execution_timed_out', { limitMs: 5000 }],
    ['mcp.server_unreachable', { url: 'x' }],
    ['billing.quota_exceeded', {}],
    ['kb.lookup_done', { ok: false, message: 'index missing' }],
    ['webhook.delivery', { status: 503 }],
    ['webhook.delivery', { statusCode: 404 }],
    ['job.finished', { status: 'failed' }],
    ['job.finished', { outcome: 'timeout' }],
    ['agent.tool_returned', { isError: true, output: 'boom' }],
    ['agent.model_called', { finishReason: 'error' }],
    ['x.y', { exception: 'TypeError: cannot read' }],
    ['x.y', { error: { code: 'E1' } }],
    ['worker.lost', {}],
    ['run.cancel_requested', { by: 'u-1' }],
  ])('%s %j is an anomaly', (type, fields) => {
    expect(failureSignal(type, fields)).not.toBeNull()
  })

  it.each([
    ['telemetry.sampled', { cpu: 0.3 }],
    ['webhook.delivery', { status: 200 }],
    ['job.finished', { status: 'succeeded' }],
    ['agent.tool_returned', { isError: false, output: 'ok' }],
    ['kb.lookup_done', { ok: true, documents: 3 }],
    ['x.y', { error: null }],
    ['reflexion.evaluated', { passed: false, score: 0.2 }],
    ['run.finished', { status: 'failed' }],
  ])('%s %j is not', (type, fields) => {
    expect(failureSignal(type, fields)).toBeNull()
  })

  it('sorts the trouble into kinds', () => {
    expect(failureSignal('run.budget_exceeded', {})?.category).toBe('budget')
    expect(failureSignal('run.guardrail_tripped', {})?.category).toBe('guardrail')
    expect(failureSignal('run.interrupted', { reason: 'cancelled' })?.category).toBe('cancellation')
    expect(failureSignal('agent.out_of_turns', {})?.category).toBe('out_of_turns')
    expect(failureSignal('run.retried', { error: '503' })?.category).toBe('retry')
    expect(failureSignal('agent.tool_returned', { isError: true })?.category).toBe('tool')
  })
})
