/**
 * Reflection ops on a synthetic 100,000-event run log in the product's vocabulary: times building
 * the indexes and each op (p50 and max over several runs), prints a table, and writes the
 * "Reflection ops" section of bench/RESULTS.md.   npx tsx bench/reflection.bench.ts
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Reflection, type QueryArguments } from '../lib/core/reflection'
import { diagnoseRun } from '../lib/services/support'
import { syntheticRunLog } from '../tests/unit/fixtures/synthetic-log'

const EVENTS = 100_000
const RUNS = 9

function time(work: () => unknown, runs = RUNS): { p50: number; max: number } {
  const samples: number[] = []
  for (let run = 0; run < runs; run++) {
    const start = performance.now()
    work()
    samples.push(performance.now() - start)
  }
  samples.sort((left, right) => left - right)
  return { p50: samples[Math.floor(samples.length / 2)], max: samples[samples.length - 1] }
}

const events = syntheticRunLog(EVENTS)
const rows: [string, { p50: number; max: number }, number][] = []
rows.push(['Reflection.fromEvents (build indexes)', time(() => Reflection.fromEvents(events)), 0])
const reflection = Reflection.fromEvents(events)
const queryTool = reflection.tool()
rows.push(['context()', time(() => reflection.context()), reflection.context().length])
rows.push(['tool() (description)', time(() => reflection.tool()), queryTool.description.length])

const middle = Math.floor(EVENTS / 2)
const queries: QueryArguments[] = [
  { op: 'overview' },
  { op: 'list', index: middle, limit: 200 },
  { op: 'list', index: -20 },
  { op: 'get', index: middle },
  { op: 'filter', type: 'reflexion.evaluated', limit: 200 },
  { op: 'filter', type: 'agent', index: -1000 },
  { op: 'select', type: 'IntegrationEvent', index: middle },
  { op: 'filter', type: 'Event', limit: 200 },
  { op: 'latest', type: 'evaluated' },
  { op: 'first', type: 'run.retried' },
  { op: 'has', type: 'run.interrupted' },
  { op: 'count', type: 'DomainEvent' },
  { op: 'count', type: 'Event' },
  { op: 'after', type: 'lesson_persisted', limit: 200 },
  { op: 'before', type: 'threshold_met' },
  { op: 'evidence', index: middle },
  { op: 'evidence', index: -1 },
  { op: 'cause', index: middle },
  { op: 'state' },
  { op: 'schema' },
  { op: 'count', type: 'reflexion.evalated' },
]
for (const args of queries)
  rows.push([`query_log ${JSON.stringify(args)}`, time(() => queryTool.run(args)), queryTool.run(args).length])
rows.push([
  'diagnoseRun (all its query_log calls)',
  time(() => diagnoseRun(reflection), 3),
  diagnoseRun(reflection).answer.length,
])

const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, Node ${process.version}, ${os.platform()} ${os.release()}`
const table = [
  '| operation | p50 ms | max ms | output chars |',
  '| --- | ---: | ---: | ---: |',
  ...rows.map(
    ([name, { p50, max }, size]) =>
      `| \`${name.replaceAll('|', '\\|')}\` | ${p50.toFixed(2)} | ${max.toFixed(2)} | ${size || ''} |`,
  ),
].join('\n')
console.log(
  `Reflection ops on ${EVENTS.toLocaleString('en-US')} events (${RUNS} runs each; diagnoseRun 3)\nmachine: ${machine}\n`,
)
console.log(table)

const resultsPath = path.join(import.meta.dirname, 'RESULTS.md')
const section = `## Reflection ops\n\nSynthetic run log of ${EVENTS.toLocaleString('en-US')} events (\`tests/unit/fixtures/synthetic-log.ts\`), ${RUNS} runs per op, measured ${new Date().toISOString().slice(0, 10)} by \`npx tsx bench/reflection.bench.ts\`.\nMachine: ${machine}.\n\n${table}\n`
const previous = existsSync(resultsPath) ? readFileSync(resultsPath, 'utf8') : '# Benchmark results\n'
const pattern = /## Reflection ops\n[\s\S]*?(?=\n## |$)/
const next = pattern.test(previous) ? previous.replace(pattern, section) : `${previous.trimEnd()}\n\n${section}`
writeFileSync(resultsPath, next)
console.log(`\nwrote the "Reflection ops" section of ${resultsPath}`)
