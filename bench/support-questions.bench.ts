/**
 * The offline support agent measured on questions and logs it was not tuned on: the share of
 * held-out questions (English and Chinese) taken for the right topic and attempts, the share of
 * explanations of generated failure logs (held-out seeds) that name the decisive event first with
 * its facts, and the time one answer takes.   npx tsx bench/support-questions.bench.ts
 */
import { Reflection } from '../lib/core/reflection'
import { answerQuestionOffline, diagnoseRun } from '../lib/services/support'
import { FAILURE_GENERATORS, seeded } from '../tests/unit/fixtures/failure-logs'
import { failedThenPassed } from '../tests/unit/fixtures/run-scenarios'
import { DEV_QUESTIONS, HELD_OUT_QUESTIONS, type LabelledQuestion } from '../tests/unit/fixtures/support-questions'

const learning = Reflection.fromEvents(failedThenPassed().events)

function understood(set: LabelledQuestion[]) {
  const misses: string[] = []
  for (const item of set) {
    const { intent, understanding } = answerQuestionOffline(learning, item.question)
    const attemptsOk = !item.attempts || JSON.stringify(understanding.slots.attempts) === JSON.stringify(item.attempts)
    if (intent !== item.intent || !attemptsOk)
      misses.push(
        `${item.question} → ${intent} ${JSON.stringify(understanding.slots.attempts)} (expected ${item.intent})`,
      )
  }
  return { right: set.length - misses.length, total: set.length, misses }
}

function explanations(seeds: number[]) {
  let right = 0
  let total = 0
  const misses: string[] = []
  for (const generate of FAILURE_GENERATORS)
    for (const seed of seeds) {
      const log = generate(seeded(seed))
      const { answer } = diagnoseRun(Reflection.fromEvents(log.events))
      total++
      const missing = log.mustMention.filter((word) => !answer.includes(word))
      if (answer.split('\n')[0].includes(`#${log.decisive}`) && missing.length === 0) right++
      else misses.push(`${log.kind} seed ${seed}: ${missing.join(', ') || 'decisive not in the headline'}`)
    }
  return { right, total, misses }
}

const samples: number[] = []
for (let run = 0; run < 50; run++) {
  const start = performance.now()
  answerQuestionOffline(learning, HELD_OUT_QUESTIONS[run % HELD_OUT_QUESTIONS.length].question)
  samples.push(performance.now() - start)
}
samples.sort((left, right) => left - right)
const percent = ({ right, total }: { right: number; total: number }) =>
  `${right}/${total} (${((100 * right) / total).toFixed(1)}%)`
const dev = understood(DEV_QUESTIONS)
const held = understood(HELD_OUT_QUESTIONS)
const heldLogs = explanations(Array.from({ length: 40 }, (_, seed) => 1000 + seed))
console.log(`questions understood, development set: ${percent(dev)}`)
console.log(`questions understood, held-out set:    ${percent(held)}`)
for (const miss of held.misses) console.log(`  miss: ${miss}`)
console.log(`explanations naming the decisive event and its facts (held-out seeds): ${percent(heldLogs)}`)
for (const miss of heldLogs.misses.slice(0, 10)) console.log(`  miss: ${miss}`)
console.log(`one offline answer: p50 ${samples[25].toFixed(2)} ms, max ${samples[49].toFixed(2)} ms`)
