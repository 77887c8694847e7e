/**
 * The offline support answer in-process: time to the first chat part (what the browser waits for
 * after the database reads) and to the last, for logs of several sizes and several questions.
 * npx tsx bench/support-answer.bench.ts
 */
import os from 'node:os'
import { Reflection } from '../lib/core/reflection'
import { supportAnswerParts } from '../lib/services/support'
import { failedThenPassed } from '../tests/unit/fixtures/run-scenarios'
import { syntheticRunLog } from '../tests/unit/fixtures/synthetic-log'

const QUESTIONS = ['Why did this run fail?', 'What did the evaluator say on attempt 2?', 'How many tokens did it use?']

async function timeAnswer(reflection: Reflection, question: string) {
  const start = performance.now()
  let first = 0
  let parts = 0
  for await (const part of supportAnswerParts({ reflection, question, model: null })) {
    if (parts === 1) first = performance.now() - start
    parts++
    void part
  }
  return { first, total: performance.now() - start }
}

console.log(`machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, Node ${process.version}`)
for (const [label, events] of [
  ['25 events', failedThenPassed().events],
  ['1,000 events', syntheticRunLog(1_000)],
  ['10,000 events', syntheticRunLog(10_000)],
] as const) {
  const reflection = Reflection.fromEvents(events)
  await timeAnswer(reflection, QUESTIONS[0]) // warm up
  for (const question of QUESTIONS) {
    const samples: { first: number; total: number }[] = []
    for (let run = 0; run < 5; run++) samples.push(await timeAnswer(reflection, question))
    const first = samples.map((sample) => sample.first).sort((a, b) => a - b)[2]
    const total = samples.map((sample) => sample.total).sort((a, b) => a - b)[2]
    console.log(
      `${label.padEnd(14)} ${question.padEnd(42)} first text part ${first.toFixed(1)} ms, done ${total.toFixed(1)} ms`,
    )
  }
}
