import { describe, expect, it } from 'vitest'
import * as scenarios from '@/tests/unit/fixtures/run-scenarios'
import { readEvent } from './read-event'
import { attempts, bestScore, lessons, REDUCERS, runStatus, summarizeRun, usage } from './reducers'

describe('reducers', () => {
  it('projects status from the log, including partial logs', () => {
    const { events } = scenarios.failedThenPassed()
    expect(runStatus.seed([])).toEqual({ status: 'queued', interruptionReason: null })
    expect(runStatus.seed(events.slice(0, 1))).toEqual({ status: 'queued', interruptionReason: null })
    expect(runStatus.seed(events.slice(0, 5))).toEqual({ status: 'running', interruptionReason: null })
    expect(runStatus.seed(events)).toEqual({ status: 'succeeded', interruptionReason: null })
    expect(runStatus.seed(scenarios.maxAttemptsReached().events).status).toBe('failed')
    expect(runStatus.seed(scenarios.outOfTurns().events)).toEqual({
      status: 'interrupted',
      interruptionReason: 'max_turns_exceeded',
    })
    const interruptedNotFinished = scenarios.budgetExceeded().events.slice(0, -1)
    expect(runStatus.seed(interruptedNotFinished)).toEqual({
      status: 'interrupted',
      interruptionReason: 'budget_exceeded',
    })
  })

  it('derives a finished status when run.finished does not name a known one', () => {
    const { events } = scenarios.maxAttemptsReached()
    const last = events[events.length - 1]
    const odd = [...events.slice(0, -1), readEvent({ ...last, payload: { ...last.payload, status: 'weird' } })]
    expect(runStatus.seed(odd).status).toBe('failed')
  })

  it('summarises each attempt with the positions of its facts', () => {
    const { events, at } = scenarios.failedThenPassed()
    const [first, second] = attempts.seed(events)
    expect(first).toMatchObject({
      attempt: 1,
      maxAttempts: 3,
      startedIndex: at.attempt1,
      score: 0.4,
      passed: false,
      evaluatedIndex: at.evaluated1,
      lessonProducedIndex: at.lessonProduced,
      lessonsRecalled: [],
      outputPreview: 'March 5, 2024 (Tuesday)',
      outOfTurns: false,
    })
    expect(first.feedback).toMatch(/ISO 8601/)
    expect(second).toMatchObject({
      attempt: 2,
      score: 0.95,
      passed: true,
      lessonsRecalledIndex: at.recalled2,
      lessonsRecalled: [first.lessonProduced],
    })
    const outOfTurns = attempts.seed(scenarios.outOfTurns().events)
    expect(outOfTurns.map((entry) => [entry.attempt, entry.outOfTurns, entry.evaluationReason])).toEqual([
      [1, true, 'out_of_turns'],
      [2, true, null],
    ])
  })

  it('finds the best score, the lessons and the usage per role', () => {
    const { events, at } = scenarios.failedThenPassed()
    expect(bestScore.seed(events)).toBe(0.95)
    expect(bestScore.seed(events.slice(0, 3))).toBeNull()
    const state = lessons.seed(events)
    expect(state.produced).toEqual([
      {
        attempt: 1,
        index: at.lessonProduced,
        lesson: expect.stringMatching(/ISO 8601/),
        persistedIndex: at.lessonPersisted,
        lessonId: 'l-1',
        duplicate: false,
      },
    ])
    expect(state.recalled).toEqual([
      expect.objectContaining({ attempt: 2, index: at.recalled2, id: 'l-1', userId: 'u-1', score: 0.91 }),
    ])
    expect(usage.seed(events)).toEqual({
      byRole: {
        agent: { inputTokens: 560, outputTokens: 100, calls: 4 },
        evaluator: { inputTokens: 400, outputTokens: 30, calls: 2 },
        reflector: { inputTokens: 220, outputTokens: 18, calls: 1 },
      },
      total: { inputTokens: 1180, outputTokens: 148, calls: 7 },
    })
  })

  it('summarizeRun gives the columns a run row keeps in step with its log', () => {
    expect(summarizeRun(scenarios.failedThenPassed().events)).toMatchObject({
      status: 'succeeded',
      interruptionReason: null,
      attemptsUsed: 2,
      maxAttempts: 3,
      bestScore: 0.95,
    })
    expect(summarizeRun(scenarios.outOfTurns().events)).toMatchObject({
      status: 'interrupted',
      interruptionReason: 'max_turns_exceeded',
      attemptsUsed: 2,
      maxAttempts: 2,
      bestScore: 0,
    })
    expect(summarizeRun([])).toMatchObject({
      status: 'queued',
      attemptsUsed: 0,
      maxAttempts: null,
      bestScore: null,
      usage: { total: { calls: 0 } },
    })
    expect(Object.keys(REDUCERS)).toEqual(['runStatus', 'attempts', 'bestScore', 'lessons', 'usage'])
  })
})
