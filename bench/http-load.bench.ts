// 100 concurrent connections against the built app on localhost: the run page (a member's own run),
// the support console and the console's run view (support user), plus /api/health as a baseline.
// The bench makes its own PostgreSQL database, seeds a tenant with a member and a support user and
// one finished demo run, starts `server.ts` on it (production mode), signs in through the Auth.js
// credentials endpoint, and drives each page with autocannon.
// Run after a build, under the shared build lock:
//   flock /tmp/next-build.lock sh -c 'npx next build && npx tsx bench/http-load.bench.ts'
import { callerOf } from '../lib/services/auth/caller'
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { hashPassword } from '../lib/services/auth/password'
import { setDatabase } from '../lib/adapters/db/client'
import { DEMO_SCENARIOS } from '../lib/adapters/models/demo'
import { runServicesFor } from '../lib/services/runs/run-services'
import { startRunWorker } from '../lib/services/runs/run-worker'
import { submitTaskDraft } from '../lib/services/runs/submit-task'
import { benchDatabase, liftUsageRates, machineLine, percentile } from './bench-database'

/** The part of autocannon's programmatic API used here (the package ships no types). */
type AutocannonResult = {
  requests: { total: number; average: number }
  non2xx: number
  errors: number
  timeouts: number
}
type AutocannonInstance = Promise<AutocannonResult> & {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, responseTime: number) => void): void
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string
  connections: number
  duration: number
  headers: Record<string, string>
}) => AutocannonInstance

const PORT = Number(process.env.HTTP_BENCH_PORT ?? 3999)
const BASE = `http://localhost:${PORT}`
const CONNECTIONS = 100
const SECONDS = Number(process.env.HTTP_BENCH_SECONDS ?? 10)
const PASSWORD = `bench-${crypto.randomBytes(8).toString('hex')}`

function startServer(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    cwd: path.join(import.meta.dirname, '..'),
    env: {
      ...process.env,
      ...liftUsageRates(), // the load is many runs a minute from few members: measure the server, not the limits
      PORT: String(PORT),
      DATABASE_URL: databaseUrl,
      NEXTAUTH_URL: BASE,
      RUN_WORKER: 'off',
      NEXTAUTH_SECRET: crypto.randomBytes(32).toString('hex'),
      SECRETS_KEY: crypto.randomBytes(32).toString('hex'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready after 60 s:\n${output}`)), 60_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('is ready on')) {
        clearTimeout(timer)
        resolve(child)
      }
    })
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)))
  })
}

/** Signs in through the Auth.js credentials endpoint; returns the Cookie header of the session. */
async function signIn(email: string): Promise<string> {
  const csrfResponse = await fetch(`${BASE}/api/auth/csrf`)
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string }
  const csrfCookies = csrfResponse.headers.getSetCookie().map((cookie) => cookie.split(';')[0])
  const response = await fetch(`${BASE}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: csrfCookies.join('; ') },
    body: new URLSearchParams({ csrfToken, email, password: PASSWORD, callbackUrl: BASE, json: 'true' }),
  })
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .find((cookie) => cookie.includes('session-token'))
  if (!session) throw new Error(`sign-in of ${email} failed: HTTP ${response.status}`)
  return session
}

type Row = {
  page: string
  requests: number
  perSecond: number
  p50: number
  p95: number
  p99: number
  non2xx: number
  errors: number
}

async function load(page: string, cookie?: string): Promise<Row> {
  const check = await fetch(`${BASE}${page}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' })
  if (check.status !== 200)
    throw new Error(`${page} answered ${check.status} before the load (signed in: ${Boolean(cookie)})`)
  const latencies: number[] = []
  const instance = autocannon({
    url: `${BASE}${page}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: cookie ? { cookie } : {},
  })
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime))
  const result = await instance
  latencies.sort((left, right) => left - right)
  return {
    page,
    requests: result.requests.total,
    perSecond: result.requests.average,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

const bench = await benchDatabase('http_load')
setDatabase(bench.database)
let server: ChildProcess | null = null
const rows: Row[] = []
let machine = ''
try {
  const { prisma } = bench.database
  const tenant = await prisma.tenant.create({
    data: { name: 'HTTP load', slug: `http-load-${crypto.randomBytes(4).toString('hex')}` },
  })
  const passwordHash = await hashPassword(PASSWORD)
  const users: Record<string, { id: string; email: string }> = {}
  for (const role of ['member', 'support'] as const) {
    const email = `${role}-${crypto.randomBytes(4).toString('hex')}@bench.local`
    const user = await prisma.user.create({ data: { email, name: `Bench ${role}`, passwordHash } })
    await prisma.membership.create({ data: { tenantId: tenant.id, userId: user.id, role } })
    users[role] = { id: user.id, email }
  }
  const worker = await startRunWorker({
    database: bench.database,
    concurrency: 2,
    tenantConcurrency: 2,
    retry: false,
    recoverEveryMs: 600_000,
  })
  const { runId } = await submitTaskDraft(
    callerOf({ user: { id: users.member.id }, active: { tenantId: tenant.id, role: 'member' } })!,
    DEMO_SCENARIOS[0].task,
  )
  while (!(await prisma.run.findUniqueOrThrow({ where: { id: runId } })).finishedAt)
    await new Promise((resolve) => setTimeout(resolve, 50))
  await worker.stop()
  const events = (await prisma.run.findUniqueOrThrow({ where: { id: runId } })).eventCount

  server = await startServer(bench.url)
  const member = await signIn(users.member.email)
  const support = await signIn(users.support.email)
  rows.push(await load('/api/health'))
  rows.push(await load(`/runs/${runId}`, member))
  rows.push(await load('/support', support))
  rows.push(await load(`/support/runs/${runId}`, support))
  machine = `${await machineLine(bench.database)} The run shown has ${events} events.`
} finally {
  if (server && server.exitCode === null) {
    const gone = new Promise((resolve) => server!.once('exit', resolve))
    server.kill('SIGTERM')
    await gone
  }
  await runServicesFor(bench.database).queue.stop()
  await runServicesFor(bench.database).leases.close()
  await bench.drop()
}

const table = [
  '| page | requests | requests/s | p50 ms | p95 ms | p99 ms | non-2xx | errors + timeouts |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (row) =>
      `| \`${row.page.replace(/[a-z0-9]{20,}/, '<id>')}\` | ${row.requests.toLocaleString('en-US')} | ${row.perSecond.toFixed(0)} | ${row.p50.toFixed(0)} | ${row.p95.toFixed(0)} | ${row.p99.toFixed(0)} | ${row.non2xx} | ${row.errors} |`,
  ),
].join('\n')
console.log(`${machine}\n\n${table}`)

const resultsPath = path.join(import.meta.dirname, 'RESULTS.md')
const section = `## HTTP under load (\`bench/http-load.bench.ts\`)

Measured ${new Date().toISOString().slice(0, 10)} by \`flock /tmp/next-build.lock sh -c 'npx next build && npx tsx bench/http-load.bench.ts'\`.
The built app (\`server.ts\`, production mode) on its own fresh PostgreSQL database; ${CONNECTIONS} connections for ${SECONDS} s per page
(autocannon), each request with a signed-in session cookie obtained through the Auth.js credentials endpoint (member for the
run page, support for the console). Latency percentiles from every response's time. Load generator and server share the machine.
${machine}

${table}
`
const previous = existsSync(resultsPath) ? readFileSync(resultsPath, 'utf8') : '# Benchmark results\n'
const pattern = /## HTTP under load \(`bench\/http-load\.bench\.ts`\)\n[\s\S]*?(?=\n## |$)/
writeFileSync(
  resultsPath,
  pattern.test(previous) ? previous.replace(pattern, section) : `${previous.trimEnd()}\n\n${section}`,
)
console.log(`\nwrote the "HTTP under load" section of ${resultsPath}`)
