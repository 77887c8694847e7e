import { describe, expect, it } from 'vitest'
import { toLoggedEvent } from '@/lib/core/events'
import { Reflection } from '@/lib/core/reflection'
import { Agent, Reflexion } from '@/lib/core/reflexion'
import { scriptedModel, textReply } from '@/lib/core/reflexion/test-support'
import { diagnoseRun } from '@/lib/services/support'

// The engine's real logs (not hand-built ones) read through Reflection and the offline diagnosis.
describe('diagnoseRun on logs written by the engine', () => {
  it('explains a learning run: failed check, lesson, recall, pass', async () => {
    const model = scriptedModel([
      textReply('5 stops'),
      textReply('score: 2/10'),
      textReply('{"lesson":"At most 3 stops."}'),
      textReply('3 stops'),
      textReply('score: 9/10'),
    ])
    const result = await new Agent({ instructions: 'x', model, architecture: new Reflexion() }).run('plan')
    const reflection = Reflection.fromEvents(result.events.map(toLoggedEvent))
    const evaluated = reflection.query({ op: 'filter', type: 'evaluated' }).match(/^#(\d+)/gm) ?? []
    const lesson = reflection.query({ op: 'first', type: 'lesson_produced' }).match(/^#(\d+)/)?.[1]
    const { answer } = diagnoseRun(reflection)
    expect(answer).toMatch(
      /^Succeeded: attempt 2 reached the threshold 0\.8 with score 0\.9 \(#\d+ reflexion\.threshold_met\)/,
    )
    expect(answer).toContain(`scored 0.2 < 0.8`)
    expect(answer).toContain(`(${evaluated[0]})`)
    expect(answer).toContain(`wrote the lesson "At most 3 stops." (#${lesson})`)
    expect(answer).toMatch(
      new RegExp(
        `Scores: 0\\.2 \\(${evaluated[0]}\\) → 0\\.9 \\(${evaluated[1]}\\) — rose by 0\\.7; lessons written were recalled later \\(#${lesson} → #\\d+\\)\\.`,
      ),
    )
  })

  it('explains a run that reached max attempts', async () => {
    const model = scriptedModel([
      textReply('a'),
      textReply('score: 0'),
      textReply('lesson'),
      textReply('b'),
      textReply('score: 0'),
    ])
    const result = await new Agent({ instructions: 'x', model, architecture: new Reflexion({ maxAttempts: 2 }) }).run(
      'plan',
    )
    const { answer } = diagnoseRun(Reflection.fromEvents(result.events.map(toLoggedEvent)))
    expect(answer).toMatch(
      /^Failed: none of the 2 attempts reached the threshold 0\.8 — the best score was 0, attempt 1 \(#\d+\) \(#\d+ reflexion\.max_attempts_reached\)/,
    )
    expect(answer).toContain('— did not change')
  })
})
