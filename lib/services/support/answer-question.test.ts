import { describe, expect, it } from 'vitest'
import { Reflection } from '@/lib/core/reflection'
import {
  FAILURE_GENERATORS,
  seeded,
  cancelledByUser,
  outOfTurns,
  unseenEvents,
} from '@/tests/unit/fixtures/failure-logs'
import * as scenarios from '@/tests/unit/fixtures/run-scenarios'
import { DEV_QUESTIONS, FOLLOW_UPS } from '@/tests/unit/fixtures/support-questions'
import { answerQuestionOffline } from './answer-question'

const learning = scenarios.failedThenPassed()
const reflection = Reflection.fromEvents(learning.events)
const ask = (question: string, history: string[] = [], log = reflection) =>
  answerQuestionOffline(log, question, { history })
const cited = (answer: string) => [...answer.matchAll(/#(\d+)/g)].map((match) => Number(match[1]))

describe('the offline agent understands the development set', () => {
  it.each(DEV_QUESTIONS.map((item) => [item.question, item] as const))('%s', (_question, item) => {
    const { intent, understanding } = ask(item.question)
    expect(intent).toBe(item.intent)
    if (item.attempts) expect(understanding.slots.attempts).toEqual(item.attempts)
  })

  it.each(FOLLOW_UPS.map((item) => [item.conversation.join(' → '), item] as const))('follow-up %s', (_label, item) => {
    const question = item.conversation[item.conversation.length - 1]
    const { intent, understanding } = ask(question, item.conversation.slice(0, -1))
    expect(intent).toBe(item.intent)
    expect(understanding.followUp).toBe(true)
    expect(understanding.slots.attempts).toEqual(item.attempts)
  })
})

describe('focused answers that cite the events they rest on', () => {
  it('what the evaluator said on attempt 2 cites that evaluation, and only it', () => {
    const { answer } = ask('What did the evaluator say on attempt 2?')
    expect(answer).toBe(
      `Attempt 2: the evaluator scored 0.95 against the threshold 0.8 — passed and said "Correct ISO 8601 date." (#${learning.at.evaluated2}).`,
    )
    const follow = ask('and on attempt 1?', ['What did the evaluator say on attempt 2?'])
    expect(follow.answer).toContain(`(#${learning.at.evaluated1})`)
    expect(follow.answer).toContain('not in ISO 8601')
    expect(ask('那第一次呢？', ['第二次评估说了什么？']).answer).toContain(`(#${learning.at.evaluated1})`)
  })

  it('an attempt the log does not hold is said to be missing, with the ones it holds', () => {
    expect(ask('What did the judge say on attempt 5?').answer).toBe(
      `The log has no attempt 5; the attempts it holds: 1 (#${learning.at.attempt1}), 2 (#${learning.at.attempt2}).`,
    )
  })

  it('lessons: written, stored, recalled, and the score after', () => {
    const { answer } = ask('Which lessons were used, and did they help?')
    expect(answer).toContain(`(#${learning.at.lessonProduced}), and it was stored`)
    expect(answer).toContain(
      `recalled "Normalize dates to ISO 8601 (YYYY-MM-DD) before answering." (#${learning.at.recalled2})`,
    )
    expect(answer).toContain(`0.4 (#${learning.at.evaluated1}) → 0.95 (#${learning.at.evaluated2}), so it helped`)
  })

  it('tokens and cost per role and per attempt, citing the model calls', () => {
    const { answer } = ask('How many tokens did it cost?')
    expect(answer).toMatch(/^Total: 7 calls, 1180 in \+ 148 out tokens, \$0 \(#4…#21\)/)
    expect(answer).toContain('- evaluator: 2 calls, 400 in + 30 out tokens')
    expect(answer).toContain('- attempt 2: 3 calls')
    expect(ask('How much did the evaluator spend?').answer).toMatch(/^Total: 2 calls/)
  })

  it('different questions get different answers', () => {
    const questions = [
      'why did this fail?',
      'what did the evaluator say on attempt 2?',
      'which lessons were used?',
      'how many tokens did it cost?',
      'should we share this lesson?',
      'which tools were called?',
      'what changed between attempts?',
      'who cancelled it?',
    ]
    const answers = questions.map((question) => ask(question).answer)
    expect(new Set(answers).size).toBe(questions.length)
    expect(answers[4]).toMatch(/^The log can't decide that for you/)
  })

  it('declines what the log cannot answer, in one sentence, in the language asked', () => {
    expect(ask("What is the user's email address?").answer).toBe("The log doesn't record that.")
    expect(ask('明天天气怎么样？').answer).toBe('日志里没有记录这一点。')
    expect(ask('qwerty zxcv').answer).toBe("The log doesn't record that.")
    expect(ask('Who is the CEO?').answer).toBe("The log doesn't record that.")
  })

  it('an unrelated question after a conversation is declined, not answered with the last topic again', () => {
    const history = ['How many tokens did it cost?', 'and on attempt 1?']
    expect(ask('and on attempt 2?', history.slice(0, 1)).answer).toMatch(/^Total: /)
    for (const question of ['Who is the CEO?', 'qwerty zxcv', '今天星期几？'])
      expect(ask(question, history).answer, question).toMatch(
        /^(The log doesn't record that\.|日志里没有记录这一点。)$/,
      )
  })

  it('who cancelled: the user the interruption names', () => {
    const log = cancelledByUser(seeded(3))
    const user = log.mustMention.find((word) => !word.startsWith('#') && word !== 'ancel')!
    const { answer } = ask('Who cancelled this run?', [], Reflection.fromEvents(log.events))
    expect(answer).toContain(`${user} cancelled the run`)
    expect(answer).toContain(`#${log.at.interrupted}`)
    const named = answerQuestionOffline(Reflection.fromEvents(log.events), '谁取消了这个运行？', {
      names: new Map([[user, 'Grace Hopper']]),
    })
    expect(named.answer).toMatch(/^Grace Hopper 取消了这个运行/)
    expect(ask('Who cancelled it?').answer).toMatch(/^The run was not cancelled/)
  })

  it('tools: which one it kept calling and what came back', () => {
    const log = outOfTurns(seeded(5))
    const { answer } = ask('What did the tools return?', [], Reflection.fromEvents(log.events))
    expect(answer).toMatch(/^Tools called: "\w+" ×3\./)
    expect(answer).toContain(`(#${log.at.firstCall})`)
  })

  it('ratings people gave, from run.feedback_given, with who said what', () => {
    const events = [
      ...learning.events,
      {
        index: learning.events.length,
        type: 'run.feedback_given',
        kind: 'DomainEvent' as const,
        namespace: 'run',
        payload: { rating: 'down', attempt: 2, comment: 'Wrong date', by: 'u-9', role: 'member' },
        cause: { kind: 'handler' as const, index: learning.at.evaluated2, handler: 'feedback' },
        at: '2025-01-01T00:01:00.000Z',
      },
    ]
    const run = Reflection.fromEvents(events)
    const { answer } = answerQuestionOffline(run, 'Did anyone rate this run?', { names: new Map([['u-9', 'Ada']]) })
    expect(answer).toBe(`Ada gave attempt 2 a thumbs down: "Wrong date" (#${learning.events.length}).`)
    expect(ask('Did anyone rate this run?').answer).toMatch(/^Nobody has rated this run/)
  })

  it('an event type nobody has seen is found when the question names it', () => {
    const log = unseenEvents(seeded(2))
    const { answer, intent } = ask('what happened with the webhook?', [], Reflection.fromEvents(log.events))
    expect(intent).toBe('why')
    expect(answer).toContain(`#${log.at.hook} webhook.delivery`)
    const named = ask('show me the webhook events', [], Reflection.fromEvents(log.events))
    expect(named.intent).toBe('events')
    expect(named.answer).toContain(`#${log.at.hook}`)
    expect(named.answer).toContain('status=503')
  })

  const questions = [...new Set(DEV_QUESTIONS.map((item) => item.question))]
  it.each(FAILURE_GENERATORS.map((generate) => [generate.name, generate] as const))(
    '%s: every question cites only real events and never prints undefined',
    (_name, generate) => {
      const log = generate(seeded(9))
      const run = Reflection.fromEvents(log.events)
      for (const question of questions) {
        const { answer, toolCalls } = ask(question, [], run)
        expect(answer, `${log.kind}: ${question}`).not.toMatch(/\bundefined\b|\bNaN\b|\[object Object\]/)
        for (const position of cited(answer)) {
          expect(position).toBeLessThan(log.events.length)
          expect(toolCalls.some((call) => call.result.includes(`#${position}`))).toBe(true)
        }
      }
    },
    30_000,
  )
})
