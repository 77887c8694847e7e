import { describe, expect, it } from 'vitest'
import { failedThenPassed } from '@/tests/unit/fixtures/run-scenarios'
import { LogBuilder } from './log-builder'
import { Reflection } from './reflection'

const { events, at } = failedThenPassed()
const run = (args: Record<string, unknown>) => Reflection.fromEvents(events).tool().run(args)
const positionsIn = (text: string) => [...text.matchAll(/^#(\d+) /gm)].map((match) => Number(match[1]))

function sixEventLog() {
  const log = new LogBuilder()
  const submitted = log.seed('run.submitted', { prompt: 'p', userId: 'u' })
  const started = log.by(submitted, 'reflexion', 'reflexion.attempt_started', { attempt: 1, maxAttempts: 1 })
  const call = log.by(started, 'react', 'agent.model_called', { role: 'agent', text: 'hi' })
  const output = log.by(call, 'react', 'agent.output_produced', { attempt: 1, output: 'hi' })
  log.by(output, 'evaluate', 'reflexion.evaluated', {
    attempt: 1,
    score: 1,
    threshold: 0.8,
    passed: true,
    feedback: 'ok',
  })
  log.framework('run.finished', { status: 'succeeded' })
  return log.events
}

describe('query_log ops', () => {
  it('overview: totals, counts by kind/namespace/type, seeds, attempts, anomalies, status', () => {
    const text = run({ op: 'overview' })
    expect(text).toContain('log: 25 events, status: succeeded')
    expect(text).toContain('by kind: Command 1, DomainEvent 11, IntegrationEvent 11, SystemEvent 2')
    expect(text).toContain('by namespace: run 3, reflexion 9, agent 13')
    expect(text).toContain('reflexion.evaluated 2')
    expect(text).toMatch(/^seeds: #0 run\.submitted\(prompt='What is the date/m)
    expect(text).toContain('attempts: 2 of 3; best score: 0.95')
    expect(text).toContain('anomalies: (none)')
  })

  it('list: pages with index= and says what is left', () => {
    const first = run({ op: 'list', limit: 5 })
    expect(positionsIn(first)).toEqual([0, 1, 2, 3, 4])
    expect(first).toContain('… 20 more; use index=5 to page')
    const page = run({ op: 'list', index: 20 })
    expect(positionsIn(page)).toEqual([20, 21, 22, 23, 24])
    expect(page).not.toContain('more;')
    expect(positionsIn(run({ op: 'list', index: -2 }))).toEqual([23, 24])
    expect(run({ op: 'list', limit: 1000 })).toContain('(limit capped at 200)')
    expect(
      run({ op: 'list' })
        .split('\n')
        .filter((line) => line.startsWith('#')),
    ).toHaveLength(20)
  })

  it('get: every field, kind, namespace, command and recorded cause', () => {
    const text = run({ op: 'get', index: at.evaluated1 })
    expect(text.split('\n').slice(0, 4)).toEqual([
      `#${at.evaluated1} reflexion.evaluated`,
      'kind: DomainEvent · namespace: reflexion · at: 2025-01-01T00:00:10.000Z',
      'command: #0 run.submitted',
      `cause: #${at.evaluated1 - 1} via evaluate`,
    ])
    expect(text).toContain('  score: 0.4')
    expect(text).toContain('  feedback: "The date is not in ISO 8601 format (expected YYYY-MM-DD)."')
    expect(run({ op: 'get', index: 0 })).toContain('command: #0 run.submitted (this event)')
    expect(run({ op: 'get', index: -1 })).toMatch(/^#24 run\.finished$/m)
    expect(run({ op: 'get', index: '#3' })).toMatch(/^#3 reflexion\.lessons_recalled$/m)
  })

  it('filter/select: matches as #index lines, paged from a log position', () => {
    const text = run({ op: 'filter', type: 'reflexion.evaluated' })
    expect(text.split('\n')[0]).toBe('filter reflexion.evaluated: 2 matches')
    expect(positionsIn(text)).toEqual([at.evaluated1, at.evaluated2])
    expect(positionsIn(run({ op: 'select', type: 'model_called', limit: 2 }))).toEqual([4, 7])
    expect(run({ op: 'select', type: 'model_called', limit: 2 })).toContain('… 5 more; use index=9 to page')
    expect(positionsIn(run({ op: 'filter', type: 'model_called', index: 9, limit: 2 }))).toEqual([9, 11])
    expect(run({ op: 'filter', type: 'max_attempts_reached' })).toBe('filter reflexion.max_attempts_reached: 0 matches')
  })

  it('latest/first, has/count', () => {
    expect(run({ op: 'latest', type: 'evaluated' })).toMatch(
      new RegExp(`^#${at.evaluated2} reflexion\\.evaluated\\(attempt=2, score=0\\.95`),
    )
    expect(run({ op: 'first', type: 'evaluated' })).toContain(`(first of 2 reflexion.evaluated matches)`)
    expect(run({ op: 'latest', type: 'run.interrupted' })).toBe('no run.interrupted events (0 matches)')
    expect(run({ op: 'has', type: 'threshold_met' })).toBe('true')
    expect(run({ op: 'has', type: 'run.interrupted' })).toBe('false')
    expect(run({ op: 'count', type: 'reflexion.evaluated' })).toBe('2')
  })

  it('after/before: around the first match', () => {
    const after = run({ op: 'after', type: 'threshold_met' })
    expect(after.split('\n')[0]).toMatch(/^after #23 reflexion\.threshold_met\(.*\): 1 events$/)
    expect(positionsIn(after)).toEqual([24])
    const afterLimited = run({ op: 'after', type: 'submitted', limit: 3 })
    expect(afterLimited).toContain("… 21 more; use op='list' index=4 to page")
    const before = run({ op: 'before', type: 'lesson_produced', limit: 2 })
    expect(positionsIn(before)).toEqual([10, 11])
    expect(before).toContain('… 10 earlier')
    expect(run({ op: 'after', type: 'run.interrupted' })).toMatch(/^no run\.interrupted events/)
  })

  it('cause: the recorded cause in each of its forms', () => {
    expect(run({ op: 'cause', index: at.evaluated1 })).toMatch(
      /: #9 via evaluate\n {2}#9 agent\.model_called\(role='evaluator'/,
    )
    expect(run({ op: 'cause', index: 0 })).toMatch(/: seed \(the run's submission\)$/)
    expect(run({ op: 'cause', index: -1 })).toMatch(/: framework \(written by the runtime, not by a handler\)$/)
    const log = new LogBuilder()
    log.add('run.submitted', {}, { kind: 'unknown', reason: 'not recorded' })
    log.add('run.started', {}, { kind: 'handler', index: 9, handler: 'react' })
    const reflection = Reflection.fromEvents(log.events)
    expect(reflection.query({ op: 'cause', index: 0 })).toMatch(/: unknown, not recorded$/)
    expect(reflection.query({ op: 'cause', index: 1 })).toMatch(/: #9 via react \(#9 is not in this log of 2 events\)$/)
  })

  it('state and schema', () => {
    const state = run({ op: 'state' })
    expect(state).toContain('state (reducer projections over all 25 events):')
    expect(state).toContain('runStatus: {"status":"succeeded","interruptionReason":null}')
    expect(state).toContain('bestScore: 0.95')
    const schema = run({ op: 'schema' })
    expect(schema).toContain('static topology: 78 edges, as source --handler [causation]--> target')
    expect(schema).toContain('  agent.model_called --reflect [chain]--> reflexion.lesson_produced')
    const custom = Reflection.fromEvents(events, {
      reducers: {
        evaluations: { doc: 'n', seed: (log) => log.filter((event) => event.type === 'reflexion.evaluated').length },
      },
    })
    expect(custom.query({ op: 'state' })).toContain('evaluations: 2')
  })
})

describe('query_log errors', () => {
  const six = Reflection.fromEvents(sixEventLog()).tool()
  it.each([
    [
      { op: 'get', index: 42 },
      'error: index 42 out of range (log has 6 events, valid: 0..5, negatives count from the end)',
    ],
    [
      { op: 'evidence', index: -7 },
      'error: index -7 out of range (log has 6 events, valid: 0..5, negatives count from the end)',
    ],
    [
      { op: 'count', type: 'reflexion.evalated' },
      "error: unknown type 'reflexion.evalated' — did you mean: reflexion.evaluated?",
    ],
    [
      { op: 'foo' },
      "error: unknown op 'foo' — valid ops: overview, list, get, filter, select, latest, first, has, count, after, before, evidence, cause, state, schema",
    ],
    [
      { op: 'filtr', type: 'x' },
      "error: unknown op 'filtr' — did you mean: filter? valid ops: overview, list, get, filter, select, latest, first, has, count, after, before, evidence, cause, state, schema",
    ],
    [
      {},
      "error: missing argument 'op' — valid ops: overview, list, get, filter, select, latest, first, has, count, after, before, evidence, cause, state, schema",
    ],
    [
      { op: 3 },
      "error: argument 'op' must be a string — valid ops: overview, list, get, filter, select, latest, first, has, count, after, before, evidence, cause, state, schema",
    ],
    [{ op: 'get' }, "error: op 'get' needs argument 'index' (a position in the log, e.g. 4, or -1 for the last event)"],
    [
      { op: 'get', index: 'four' },
      'error: argument \'index\' must be an integer position in the log (negatives count from the end), got "four"',
    ],
    [
      { op: 'get', index: 1.5 },
      "error: argument 'index' must be an integer position in the log (negatives count from the end), got 1.5",
    ],
    [
      { op: 'count' },
      "error: op 'count' needs argument 'type' (a full type like 'reflexion.evaluated', a name like 'evaluated', a namespace like 'reflexion', or a kind like 'DomainEvent' ('Event' = all))",
    ],
    [
      { op: 'count', type: 7 },
      "error: argument 'type' must be a full type like 'reflexion.evaluated', a name like 'evaluated', a namespace like 'reflexion', or a kind like 'DomainEvent' ('Event' = all), got 7",
    ],
    [{ op: 'list', limit: 0 }, "error: argument 'limit' must be an integer from 1 to 200, got 0"],
    [{ op: 'list', limit: 'lots' }, 'error: argument \'limit\' must be an integer from 1 to 200, got "lots"'],
    [{ op: 'count', typ: 'x' }, "error: unknown argument 'typ' — accepted: op, type, index, limit"],
  ])('%j → guidance', (args, expected) => {
    expect(six.run(args as never)).toBe(expected)
  })

  it('accepts JSON text and rejects anything else with guidance', () => {
    expect(six.run('{"op":"count","type":"Event"}')).toBe('6')
    expect(six.run('nope')).toBe('error: arguments must be a JSON object like {"op":"overview"}, got "nope"')
    expect(six.run([] as never)).toBe('error: arguments must be an object like {"op":"overview"}')
  })

  it('ignores null arguments and says so when there is nothing to list', () => {
    expect(six.run({ op: 'count', type: 'Event', index: null, limit: null } as never)).toBe('6')
    const empty = Reflection.fromEvents([]).tool()
    expect(empty.run({ op: 'list' })).toBe('log: 0 events (nothing to list)')
    expect(empty.run({ op: 'get', index: 0 })).toBe(
      'error: index 0 out of range (log has 0 events, the log is empty, negatives count from the end)',
    )
    expect(empty.run({ op: 'overview' })).toContain('log: 0 events, status: queued')
  })

  it('lets bugs propagate instead of turning them into guidance', () => {
    const broken = Reflection.fromEvents(sixEventLog(), {
      reducers: {
        broken: {
          doc: 'throws',
          seed: () => {
            throw new Error('reducer bug')
          },
        },
      },
    })
    expect(() => broken.query({ op: 'state' })).toThrow('reducer bug')
  })
})
