import { describe, expect, it } from 'vitest'
import { failedThenPassed, providerError } from '@/tests/unit/fixtures/run-scenarios'
import { syntheticRunLog } from '@/tests/unit/fixtures/synthetic-log'
import { LogBuilder } from './log-builder'
import { Reflection } from './reflection'

describe('evidence', () => {
  it('joins recorded cause, links, owning command, static candidates and the forward face', () => {
    const { events, at } = failedThenPassed()
    const text = Reflection.fromEvents(events).query({ op: 'evidence', index: at.evaluated1 })
    expect(text.split('\n')).toEqual([
      "evidence for #10 reflexion.evaluated(attempt=1, score=0.4, threshold=0.8, feedback='The date is not in ISO 8601 format (expe…', passed=false)",
      'recorded cause: #9 via evaluate',
      "  #9 agent.model_called(role='evaluator', model='demo:offline', attempt=1, usage={\"inputTokens\":200,\"outputTokens\":15}, finishReason='stop', text='score: 0.4\\nThe date is not in ISO 8601 …')",
      'explicit links: (none)',
      'owning command: run.submitted — instances at or before #10: #0',
      'possible causes (static edges, candidate instances):',
      '  agent.model_called --evaluate [react]--> reflexion.evaluated: #4, #7, #9',
      '  agent.output_produced --evaluate [react]--> reflexion.evaluated: #8',
      '  agent.out_of_turns --evaluate [react]--> reflexion.evaluated: (none)',
      'possible effects (static edges, subsequent instances):',
      '  reflexion.evaluated --reflexion [orchestrate]--> reflexion.attempt_started: #14',
      '  reflexion.evaluated --reflexion [react]--> reflexion.threshold_met: #23',
      '  reflexion.evaluated --reflexion [react]--> reflexion.max_attempts_reached: (none)',
      '  reflexion.evaluated --reflect [react]--> agent.model_called: #11, #16, #19, #21',
      '  reflexion.evaluated --reflect [react]--> run.handler_raised: (none)',
      '  reflexion.evaluated --reflexion [react]--> run.interrupted: (none)',
      '  reflexion.evaluated --feedback [react]--> run.feedback_given: (none)',
      'recorded effects (events whose recorded cause is #10): #11',
    ])
  })

  it('resolves explicit links by index, identity, equality, type name and #N mentions', () => {
    const { events, at } = providerError()
    expect(Reflection.fromEvents(events).query({ op: 'evidence', index: at.raised })).toContain(
      `  source_event → #${at.attempt1} reflexion.attempt_started (by index)`,
    )
    const log = new LogBuilder()
    const seed = log.seed('run.submitted', { prompt: 'p' })
    const started = log.by(seed, 'reflexion', 'reflexion.attempt_started', { attempt: 1, maxAttempts: 2 })
    log.framework('run.handler_raised', {
      handler: 'react',
      error: 'x',
      source_event: { type: 'reflexion.attempt_started', attempt: 1 },
    })
    log.framework('run.handler_raised', {
      handler: 'react',
      error: 'x',
      sourceEvent: { index: started, type: 'reflexion.attempt_started' },
    })
    log.framework('run.handler_raised', {
      handler: 'react',
      error: 'see #1 and #99',
      source_event: 'reflexion.attempt_started',
      retry_index: 0,
    })
    const reflection = Reflection.fromEvents(log.events)
    expect(reflection.query({ op: 'evidence', index: 2 })).toContain(
      '  source_event → #1 reflexion.attempt_started (by equality on type reflexion.attempt_started and its fields)',
    )
    expect(reflection.query({ op: 'evidence', index: 3 })).toContain(
      '  sourceEvent → #1 reflexion.attempt_started (by identity (its index))',
    )
    const mixed = reflection.query({ op: 'evidence', index: 4 })
    expect(mixed).toContain('  error → #1 reflexion.attempt_started (mentions; not in this log: #99)')
    expect(mixed).toContain(
      '  source_event → #1 reflexion.attempt_started (names type reflexion.attempt_started; its instances before #4)',
    )
    expect(mixed).toContain('  retry_index → #0 run.submitted (by index)')
    expect(mixed).toContain('reflexion.attempt_started --react [react]--> run.handler_raised: #1')
  })

  it('shows the seed command and caps instance lists on long logs', () => {
    const reflection = Reflection.fromEvents(syntheticRunLog(20_000))
    expect(reflection.query({ op: 'evidence', index: 0 })).toContain("recorded cause: seed (the run's submission)")
    const text = reflection.query({ op: 'evidence', index: 15_001 })
    const candidates = text
      .split('\n')
      .find(
        (line) =>
          line.includes('--react [react]--> agent.tool_called') ||
          line.includes('--tools [chain]--> agent.tool_returned') ||
          line.includes('--react [react]--> agent.model_called'),
      )
    expect(candidates).toMatch(/… \d+ earlier, (#\d+, ){4}#\d+ \(\d+ in all\)$/)
    const effects = text.split('\n').filter((line) => /\d+ more \(\d+ in all\)$/.test(line))
    expect(effects.length).toBeGreaterThan(0)
    for (const line of text.split('\n')) expect((line.match(/#\d+/g) ?? []).length).toBeLessThanOrEqual(8)
  })
})
