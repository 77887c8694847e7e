// A 50-item, 2-arm experiment on the offline demo model (20 ms per model call) with the default limits
// (worker concurrency 8, tenant limit 4, so 3 experiment runs in flight): the time from start to the
// verdict, the runs per second, and a check that every cell ran exactly once.
// Run: npx tsx --import ./scripts/register-server-only.mjs bench/experiments.bench.ts
// (creates and drops its own database on the test server)
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { callerOf } from '../lib/services/auth/caller'
import { setDatabase } from '../lib/adapters/db/client'
import { env } from '../lib/env'
import { createDataset } from '../lib/services/experiments/datasets'
import { getExperimentResults } from '../lib/services/experiments/experiment-results'
import { startExperiment } from '../lib/services/experiments/experiments'
import { createSharedLesson } from '../lib/services/lessons/shared-lessons'
import {
  DEMO_SCENARIOS,
  ISO_DATE_LESSON,
  ISO_DATE_SCENARIOS,
  WALKING_CITY_SCENARIOS,
} from '../lib/adapters/models/demo'
import { runServicesFor } from '../lib/services/runs/run-services'
import { startRunWorker } from '../lib/services/runs/run-worker'
import { benchDatabase, liftUsageRates, machineLine } from './bench-database'

const ITEMS = 50
const MODEL_LATENCY_MS = 20
const WORKER = { concurrency: 8, tenantConcurrency: env.TENANT_CONCURRENCY }

liftUsageRates()
const bench = await benchDatabase('experiments')
setDatabase(bench.database)
const { prisma } = bench.database
let report: string
try {
  const tenant = await prisma.tenant.create({
    data: {
      name: 'experiments bench',
      slug: `experiments-${Date.now()}`,
      settings: { demoLatencyMs: MODEL_LATENCY_MS },
    },
  })
  const user = await prisma.user.create({
    data: { email: `admin-${tenant.id}@bench.local`, name: 'bench admin', passwordHash: 'x' },
  })
  await prisma.membership.create({ data: { tenantId: tenant.id, userId: user.id, role: 'admin' } })
  const admin = callerOf({ user: { id: user.id }, active: { tenantId: tenant.id, role: 'admin' } })!
  const lesson = await createSharedLesson(admin, { content: ISO_DATE_LESSON, taskKey: 'iso-date' })
  // Date questions, walking tours and the bundled tasks in turn: 1 to 3 attempts a run.
  const pool = [...ISO_DATE_SCENARIOS, ...WALKING_CITY_SCENARIOS, ...DEMO_SCENARIOS]
  const items = Array.from({ length: ITEMS }, (_, position) => pool[position % pool.length].task)
  const { datasetId } = await createDataset(admin, { name: 'bench', shared: true, items })
  const worker = await startRunWorker({ database: bench.database, ...WORKER, retry: false, recoverEveryMs: 600_000 })
  const begin = performance.now()
  const load: number[] = []
  const { experimentId } = await startExperiment(admin, {
    datasetId,
    name: 'bench',
    arms: [
      { label: 'No lessons', lessonIds: [] },
      { label: 'ISO date lesson', lessonIds: [lesson.id] },
    ],
  })
  for (;;) {
    const experiment = await prisma.experiment.findUniqueOrThrow({ where: { id: experimentId } })
    if (experiment.status !== 'running') break
    load.push(os.loadavg()[0])
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const totalMs = performance.now() - begin
  await worker.stop()
  const runs = await prisma.run.findMany({
    where: { experimentId },
    select: { experimentArm: true, experimentItem: true, attemptsUsed: true, status: true },
  })
  const cells = new Set(runs.map((run) => `${run.experimentArm}:${run.experimentItem}`))
  const { results } = await getExperimentResults(admin, experimentId)
  const attempts = runs.reduce((sum, run) => sum + run.attemptsUsed, 0)
  const machine = await machineLine(bench.database)
  const table = [
    '| experiment | runs | attempts | finished in s | runs/s | cells missing | cells run twice | verdict |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    `| ${ITEMS} items × 2 arms, defaults (worker ${WORKER.concurrency}, tenant limit ${WORKER.tenantConcurrency}) | ${runs.length} | ${attempts} | ${(totalMs / 1000).toFixed(2)} | ${(runs.length / (totalMs / 1000)).toFixed(1)} | ${2 * ITEMS - cells.size} | ${runs.length - cells.size} | ${results.comparisons[0].verdict.label} |`,
  ].join('\n')
  const arms = results.arms
    .map(
      (arm) => `${arm.label}: pass rate ${arm.passRate}, mean attempts to pass ${arm.meanAttemptsToPass?.toFixed(2)}`,
    )
    .join('; ')
  const peakLoad = Math.max(...load, os.loadavg()[0])
  report = `${machine} Load average (1 min) during the run: up to ${peakLoad.toFixed(2)}${peakLoad > 2 ? ' — the machine was shared with other work, so the time is an upper bound' : ''}.

${table}

${arms}.`
} finally {
  await runServicesFor(bench.database).queue.stop()
  await runServicesFor(bench.database).leases.close()
  await bench.drop()
}
console.log(report)

const resultsPath = path.join(import.meta.dirname, 'RESULTS.md')
const title = '## An experiment on the demo model (`bench/experiments.bench.ts`)'
const section = `${title}

Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npx tsx --import ./scripts/register-server-only.mjs bench/experiments.bench.ts\`
(creates and drops its own database on the test server). One tenant, one admin; a ${ITEMS}-item dataset (date questions,
walking tours and the bundled tasks in turn, each with its own 1–3 attempts) × 2 arms (no lessons; the ISO date lesson),
1 repeat, started with \`startExperiment\` and played by the in-process worker with the default limits: the scheduler keeps
the tenant limit less one runs in flight, so members' own runs still start. "Finished in" runs from the start to the
experiment's \`finished\` status (after its last run). ${MODEL_LATENCY_MS} ms per demo model call.
${report}
`
const previous = existsSync(resultsPath) ? readFileSync(resultsPath, 'utf8') : '# Benchmark results\n'
const pattern = /## An experiment on the demo model \(`bench\/experiments\.bench\.ts`\)\n[\s\S]*?(?=\n## |$)/
writeFileSync(
  resultsPath,
  pattern.test(previous) ? previous.replace(pattern, section) : `${previous.trimEnd()}\n\n${section}`,
)
console.log(`\nwrote the experiment section of ${resultsPath}`)
