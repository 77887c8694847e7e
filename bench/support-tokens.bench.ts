/**
 * Support agent tokens per explanation: what the agent's context holds (system prompt with the
 * context card, the query_log tool description, and the results of the offline diagnosis's tool
 * calls) against pasting the run's whole JSON Lines log into the prompt, for logs of 100 to
 * 100,000 events. Tokens are estimated as ceil(characters / 4). Prints a table and writes the
 * "Support agent tokens" section of bench/RESULTS.md.   npx tsx bench/support-tokens.bench.ts
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { RawLoggedEvent } from '../lib/core/events'
import { serializeJsonlRow } from '../lib/core/events/jsonl'
import { Reflection } from '../lib/core/reflection'
import { diagnoseRun, supportSystemPrompt } from '../lib/services/support'
import { syntheticRunLog } from '../tests/unit/fixtures/synthetic-log'

const SIZES = [100, 1_000, 10_000, 100_000]
const tokens = (text: string) => Math.ceil(text.length / 4)

/** A failed run of `count` events: the synthetic log, ended by max_attempts_reached and run.finished. */
function failedRunLog(count: number): RawLoggedEvent[] {
  const events = syntheticRunLog(count - 2)
  const lastEvaluated =
    [...events].reverse().find((event) => event.type === 'reflexion.evaluated') ?? events[events.length - 1]
  const at = events[events.length - 1].at
  return [
    ...events,
    {
      index: count - 2,
      type: 'reflexion.max_attempts_reached',
      kind: 'DomainEvent',
      namespace: 'reflexion',
      payload: { attempts: 1000, bestScore: 0.5 },
      cause: { kind: 'handler', index: lastEvaluated.index, handler: 'reflexion' },
      at,
    },
    {
      index: count - 1,
      type: 'run.finished',
      kind: 'SystemEvent',
      namespace: 'run',
      payload: { status: 'failed', output: 'Answer', bestScore: 0.5, attempts: 1000 },
      cause: { kind: 'framework' },
      at,
    },
  ]
}

type Row = {
  events: number
  system: number
  description: number
  calls: number
  results: number
  answer: number
  agent: number
  whole: number
}
const rows: Row[] = []
for (const size of SIZES) {
  const events = failedRunLog(size)
  const reflection = Reflection.fromEvents(events)
  const { answer, toolCalls } = diagnoseRun(reflection)
  const system = tokens(supportSystemPrompt(reflection))
  const description = tokens(reflection.tool().description)
  const results = toolCalls.reduce((sum, call) => sum + tokens(JSON.stringify(call.args)) + tokens(call.result), 0)
  let wholeChars = 0
  for (const event of events) wholeChars += serializeJsonlRow(event).length + 1
  rows.push({
    events: size,
    system,
    description,
    calls: toolCalls.length,
    results,
    answer: tokens(answer),
    agent: system + description + results,
    whole: Math.ceil(wholeChars / 4),
  })
}

const number = (value: number) => value.toLocaleString('en-US')
const table = [
  '| events | system prompt + context card | query_log description | tool calls | tool calls + results | support agent total | whole JSONL log | agent / whole |',
  '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (row) =>
      `| ${number(row.events)} | ${number(row.system)} | ${number(row.description)} | ${row.calls} | ${number(row.results)} | ${number(row.agent)} | ${number(row.whole)} | ${((row.agent / row.whole) * 100).toFixed(row.agent / row.whole < 0.01 ? 3 : 1)}% |`,
  ),
].join('\n')
const method =
  'Tokens estimated as ceil(characters / 4). Support agent total = system prompt (rules + context card) + the query_log tool description + the arguments and results of every query_log call the offline diagnosis (`diagnoseRun`) makes; the whole log = the run exported as JSON Lines. Logs: `tests/unit/fixtures/synthetic-log.ts` ended by reflexion.max_attempts_reached and run.finished (a failed run).'
console.log(`Support agent tokens per explanation\n${method}\n`)
console.log(table)

const resultsPath = path.join(import.meta.dirname, 'RESULTS.md')
const section = `## Support agent tokens\n\n${method} Measured ${new Date().toISOString().slice(0, 10)} by \`npx tsx bench/support-tokens.bench.ts\`.\n\n${table}\n`
const previous = existsSync(resultsPath) ? readFileSync(resultsPath, 'utf8') : '# Benchmark results\n'
const pattern = /## Support agent tokens\n[\s\S]*?(?=\n## |$)/
writeFileSync(
  resultsPath,
  pattern.test(previous) ? previous.replace(pattern, section) : `${previous.trimEnd()}\n\n${section}`,
)
console.log(`\nwrote the "Support agent tokens" section of ${resultsPath}`)
