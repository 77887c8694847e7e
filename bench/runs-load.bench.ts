// 50 concurrent runs on the offline demo model (20 ms per model call), submitted through the submit
// service (`submitTaskDraft(caller, input)`, the body of the server action) and executed by the in-process
// worker: throughput, submit latency, time to finish all, and a check that no event was lost.
// Run: npx tsx bench/runs-load.bench.ts   (creates and drops its own database on the test server)
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { callerOf, type Caller } from '../lib/services/auth/caller'
import { setDatabase, type Database } from '../lib/adapters/db/client'
import { DEMO_SCENARIOS } from '../lib/adapters/models/demo'
import { runServicesFor } from '../lib/services/runs/run-services'
import { startRunWorker } from '../lib/services/runs/run-worker'
import { submitTaskDraft } from '../lib/services/runs/submit-task'
import { benchDatabase, liftUsageRates, machineLine, percentile } from './bench-database'

const RUNS = 50
const MODEL_LATENCY_MS = 20

type Round = {
  label: string
  runs: number
  submitP50: number
  submitP95: number
  totalMs: number
  events: number
  statuses: Record<string, number>
  lost: string[]
}

async function freshMembers(database: Database, count: number): Promise<Caller[]> {
  const { prisma } = database
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
  const tenant = await prisma.tenant.create({
    data: { name: 'runs load', slug: `runs-load-${stamp}`, settings: { demoLatencyMs: MODEL_LATENCY_MS } },
  })
  const callers: Caller[] = []
  for (let position = 0; position < count; position++) {
    const user = await prisma.user.create({
      data: { email: `load-${stamp}-${position}@bench.local`, name: `load ${position}`, passwordHash: 'x' },
    })
    await prisma.membership.create({ data: { tenantId: tenant.id, userId: user.id, role: 'member' } })
    callers.push(callerOf({ user: { id: user.id }, active: { tenantId: tenant.id, role: 'member' } })!)
  }
  return callers
}

/** Per run: stored rows equal event_count, indices 0..n-1, exactly one run.finished, last. */
async function lostEvents(
  database: Database,
  runIds: string[],
): Promise<{ events: number; lost: string[]; statuses: Record<string, number> }> {
  const runs = await database.prisma.run.findMany({
    where: { id: { in: runIds } },
    include: { events: { orderBy: { index: 'asc' }, select: { index: true, type: true } } },
  })
  const lost: string[] = []
  const statuses: Record<string, number> = {}
  let events = 0
  for (const run of runs) {
    events += run.events.length
    statuses[run.status] = (statuses[run.status] ?? 0) + 1
    const contiguous = run.events.every((event, position) => event.index === position)
    const finished =
      run.events.filter((event) => event.type === 'run.finished').length === 1 &&
      run.events.at(-1)?.type === 'run.finished'
    if (run.events.length !== run.eventCount || !contiguous || !finished)
      lost.push(`${run.id}: ${run.events.length} rows, event_count ${run.eventCount}`)
  }
  if (runs.length !== runIds.length) lost.push(`${runIds.length - runs.length} runs missing`)
  return { events, lost, statuses }
}

async function round(
  database: Database,
  label: string,
  runs: number,
  worker: { concurrency: number; tenantConcurrency: number },
): Promise<Round> {
  const callers = await freshMembers(database, 10)
  const started = await startRunWorker({ database, ...worker, retry: false, recoverEveryMs: 600_000 })
  const submitMs: number[] = []
  const begin = performance.now()
  const runIds = await Promise.all(
    Array.from({ length: runs }, async (_, position) => {
      const scenario = DEMO_SCENARIOS[position % DEMO_SCENARIOS.length]
      const at = performance.now()
      const { runId } = await submitTaskDraft(callers[position % callers.length], scenario.task)
      submitMs.push(performance.now() - at)
      return runId
    }),
  )
  for (;;) {
    const open = await database.prisma.run.count({ where: { id: { in: runIds }, finishedAt: null } })
    if (open === 0) break
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  const totalMs = performance.now() - begin
  await started.stop()
  submitMs.sort((left, right) => left - right)
  return {
    label,
    runs,
    submitP50: percentile(submitMs, 0.5),
    submitP95: percentile(submitMs, 0.95),
    totalMs,
    ...(await lostEvents(database, runIds)),
  }
}

liftUsageRates() // 50 runs at once by one member: the bench measures the worker, not the limits
const bench = await benchDatabase('runs_load')
setDatabase(bench.database)
let rounds: Round[]
let machine: string
try {
  await round(bench.database, 'warm-up', 10, { concurrency: 10, tenantConcurrency: 10 })
  rounds = [
    await round(bench.database, `worker concurrency 50, tenant limit 50`, RUNS, {
      concurrency: 50,
      tenantConcurrency: 50,
    }),
    await round(bench.database, `defaults: worker concurrency 8, tenant limit 4 (one tenant)`, RUNS, {
      concurrency: 8,
      tenantConcurrency: 4,
    }),
  ]
  machine = await machineLine(bench.database)
} finally {
  await runServicesFor(bench.database).queue.stop()
  await runServicesFor(bench.database).leases.close()
  await bench.drop()
}

const table = [
  '| workload | runs | submit p50 ms | submit p95 ms | all finished in s | runs/s | events/s | events | lost events |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rounds.map(
    (row) =>
      `| ${row.label} | ${row.runs} | ${row.submitP50.toFixed(1)} | ${row.submitP95.toFixed(1)} | ${(row.totalMs / 1000).toFixed(2)} | ${(row.runs / (row.totalMs / 1000)).toFixed(1)} | ${Math.round(row.events / (row.totalMs / 1000)).toLocaleString('en-US')} | ${row.events.toLocaleString('en-US')} | ${row.lost.length} |`,
  ),
].join('\n')
console.log(`${machine}\n\n${table}`)
for (const row of rounds) {
  console.log(`${row.label}: statuses ${JSON.stringify(row.statuses)}`)
  if (row.lost.length > 0) console.error(`LOST EVENTS in "${row.label}":\n${row.lost.join('\n')}`)
}

const resultsPath = path.join(import.meta.dirname, 'RESULTS.md')
const title = '## Runs under load (`bench/runs-load.bench.ts`)'
const section = `${title}

Measured ${new Date().toISOString().slice(0, 10)} by \`npx tsx bench/runs-load.bench.ts\` (creates and drops its own database on the test server).
${RUNS} runs submitted at once through \`submitTaskDraft(caller, input)\` (the server action's body: validation, quota, run row + seed
event in one transaction, pg-boss job), executed by the in-process worker (\`startRunWorker\`) on the offline demo model with
${MODEL_LATENCY_MS} ms per model call; the four demo scenarios in turn (1–3 attempts, 10 members of one fresh tenant, selective
and monotonic lessons). "All finished" runs from the first submit to the last \`run.finished\` committed. "Lost events" counts
runs whose stored rows differ from \`event_count\`, whose indices are not 0..n-1, or that lack exactly one final \`run.finished\`.
${machine}

${table}

Statuses: ${rounds.map((row) => `${row.label}: ${JSON.stringify(row.statuses)}`).join('; ')}.
With the defaults a tenant runs 4 at a time and a deferred run's job waits 2 s before it is tried again, so one busy tenant's
50 runs take several times longer than with a higher tenant limit; other tenants are not held up.
`
const previous = existsSync(resultsPath) ? readFileSync(resultsPath, 'utf8') : '# Benchmark results\n'
const pattern = /## Runs under load \(`bench\/runs-load\.bench\.ts`\)\n[\s\S]*?(?=\n## |$)/
writeFileSync(
  resultsPath,
  pattern.test(previous) ? previous.replace(pattern, section) : `${previous.trimEnd()}\n\n${section}`,
)
console.log(`\nwrote the "Runs under load" section of ${resultsPath}`)
if (rounds.some((row) => row.lost.length > 0)) process.exitCode = 1
