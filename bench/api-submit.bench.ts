// Submitting tasks through the public API: 20 concurrent clients, each with its own API key, each
// posting `{"prompt": "…"}` to the POST /api/v1/runs route handler (key lookup, per-key rate
// limit, Idempotency-Key claim and store, the submit service, the 202 answer) back to back.
// In-process (no HTTP socket, no Next router): it times the API's own work on a real PostgreSQL.
// Run: npx tsx --import ./scripts/register-server-only.mjs bench/api-submit.bench.ts
import crypto from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { POST } from '../app/api/v1/runs/route'
import { createApiKey } from '../lib/services/api-keys/api-keys'
import { callerOf, type Caller } from '../lib/services/auth/caller'
import { setDatabase } from '../lib/adapters/db/client'
import { submitTaskDraft } from '../lib/services/runs/submit-task'
import { benchDatabase, liftUsageRates, machineLine, percentile } from './bench-database'

const CLIENTS = 20
const REQUESTS_PER_CLIENT = 15

liftUsageRates() // 300 submissions a minute by one member: the bench measures the API, not the limits
const { database, drop } = await benchDatabase('bench_api')
setDatabase(database)
try {
  const { prisma } = database
  const stamp = crypto.randomBytes(4).toString('hex')
  const tenant = await prisma.tenant.create({ data: { name: 'api bench', slug: `api-bench-${stamp}`, settings: {} } })
  const keys: string[] = []
  const callers: Caller[] = []
  for (let client = 0; client < CLIENTS; client++) {
    const user = await prisma.user.create({
      data: { email: `api-${stamp}-${client}@bench.local`, name: `client ${client}`, passwordHash: 'x' },
    })
    await prisma.membership.create({ data: { tenantId: tenant.id, userId: user.id, role: 'member' } })
    const caller = callerOf({ user: { id: user.id }, active: { tenantId: tenant.id, role: 'member' } })!
    callers.push(caller)
    keys.push((await createApiKey(caller, { name: 'bench', kind: 'personal', scopes: ['runs:write'] })).secret)
  }
  const submit = async (key: string, idempotencyKey: string | null) => {
    const started = performance.now()
    const response = await POST(
      new Request('http://localhost/api/v1/runs', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: JSON.stringify({ prompt: 'Summarise the plot of Hamlet in one sentence.' }),
      }),
      { params: Promise.resolve({}) },
    )
    if (response.status !== 202) throw new Error(`status ${response.status}: ${await response.text()}`)
    return performance.now() - started
  }
  // Warm up: compile the route, open connections.
  await Promise.all(keys.slice(0, 4).map((key) => submit(key, null)))
  const rounds: { label: string; p50: number; p95: number; perSecond: number; count: number; failed: number }[] = []
  for (const mode of ['service', 'api', 'api+idempotency'] as const) {
    const times: number[] = []
    const failures: string[] = []
    const began = performance.now()
    await Promise.all(
      keys.map(async (key, client) => {
        for (let request = 0; request < REQUESTS_PER_CLIENT; request++) {
          if (mode === 'service') {
            const started = performance.now()
            await submitTaskDraft(callers[client], { prompt: 'Summarise the plot of Hamlet in one sentence.' })
            times.push(performance.now() - started)
          } else
            times.push(await submit(key, mode === 'api+idempotency' ? `bench-${client}-${request}-${stamp}` : null))
        }
      }),
    )
    const elapsed = performance.now() - began
    times.sort((x, y) => x - y)
    rounds.push({
      label:
        mode === 'service'
          ? "submitTaskDraft alone (the form's service, no API)"
          : mode === 'api'
            ? 'POST /api/v1/runs'
            : 'POST /api/v1/runs with Idempotency-Key',
      p50: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      perSecond: (times.length / elapsed) * 1000,
      count: times.length,
      failed: failures.length,
    })
    if (failures.length) console.error(`${mode}: ${failures.length} failed, e.g. ${failures[0]}`)
  }
  const machine = await machineLine(database)
  const lines = [
    '## API submit (`bench/api-submit.bench.ts`)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npx tsx --import ./scripts/register-server-only.mjs bench/api-submit.bench.ts\`: ${CLIENTS} concurrent clients, each with its own API key, ${REQUESTS_PER_CLIENT} \`POST /api/v1/runs\` each, back to back, through the route handler in-process (key lookup, per-key rate limit, idempotency record, submitTaskDraft, the 202 answer; no HTTP socket). No worker runs, so the times are the submit path alone; the first row is the same load on the submit service without the API, for comparison on the same (shared) machine.`,
    machine,
    '',
    '| round | answered | failed | p50 ms | p95 ms | submits/s |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rounds.map(
      (round) =>
        `| ${round.label} | ${round.count} | ${round.failed} | ${round.p50.toFixed(1)} | ${round.p95.toFixed(1)} | ${round.perSecond.toFixed(1)} |`,
    ),
    '',
  ]
  console.log(lines.join('\n'))
  const file = path.join(import.meta.dirname, 'RESULTS.md')
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n'
  const section = /## API submit \(`bench\/api-submit\.bench\.ts`\)[\s\S]*?(?=\n## |$)/
  writeFileSync(
    file,
    section.test(existing)
      ? existing.replace(section, lines.join('\n'))
      : `${existing.trimEnd()}\n\n${lines.join('\n')}`,
  )
} finally {
  await drop()
}
process.exit(0)
