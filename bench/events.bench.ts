// Events appended per second through the real Postgres event sink (group commit, conditional
// event_count update, projection, NOTIFY): one run alone, then 20 runs appending concurrently.
// Run: npx tsx bench/events.bench.ts   (creates and drops its own database)
import type { Database } from '../lib/adapters/db/client'
import type { LoggedEvent } from '../lib/core/events/event'
import { readEvent } from '../lib/core/events/read-event'
import { kindOf, namespaceOf } from '../lib/core/events/vocabulary'
import { EventWriter } from '../lib/services/runs/event-writer'
import { openRunSink } from '../lib/services/runs/run-log'
import { benchDatabase, machineLine } from './bench-database'

const ATTEMPT_CYCLE = [
  'reflexion.attempt_started',
  'reflexion.lessons_recalled',
  'agent.model_called',
  'agent.tool_called',
  'agent.tool_returned',
  'agent.model_called',
  'agent.output_produced',
  'reflexion.evaluated',
]

function eventAt(index: number): LoggedEvent {
  const type = ATTEMPT_CYCLE[(index - 1) % ATTEMPT_CYCLE.length]
  const attempt = Math.floor((index - 1) / ATTEMPT_CYCLE.length) + 1
  const payload: Record<string, unknown> = { attempt, maxAttempts: 1000 }
  if (type === 'agent.model_called')
    Object.assign(payload, {
      role: 'agent',
      model: 'demo:offline',
      usage: { inputTokens: 120, outputTokens: 40 },
      text: 'Walk along the lake, then rest.',
    })
  if (type === 'reflexion.evaluated')
    Object.assign(payload, { score: 0.5, passed: false, threshold: 0.8, feedback: 'too many stops' })
  if (type === 'agent.output_produced') payload.output = 'West Lake → Broken Bridge → Hefang Street'
  return readEvent({
    index,
    type,
    kind: kindOf(type),
    namespace: namespaceOf(type),
    payload,
    cause: { kind: 'handler', index: index - 1, handler: 'react' },
    at: new Date().toISOString(),
  })
}

async function createRuns(database: Database, count: number): Promise<string[]> {
  const { prisma } = database
  const tenant = await prisma.tenant.create({ data: { name: 'bench', slug: `bench-${Date.now()}` } })
  const user = await prisma.user.create({
    data: { email: `bench-${Date.now()}@bench.local`, name: 'bench', passwordHash: 'x' },
  })
  const ids: string[] = []
  for (let position = 0; position < count; position++) {
    const run = await prisma.run.create({
      data: {
        tenantId: tenant.id,
        userId: user.id,
        title: 'bench',
        prompt: 'bench',
        config: {},
        model: 'demo (offline)',
        maxAttempts: 1000,
        threshold: 0.8,
        eventCount: 1,
      },
    })
    await prisma.runEvent.create({
      data: {
        tenantId: tenant.id,
        runId: run.id,
        index: 0,
        type: 'run.submitted',
        kind: 'Command',
        namespace: 'run',
        payload: {},
        cause: { kind: 'seed' },
        at: new Date(),
      },
    })
    ids.push(run.id)
  }
  return ids
}

async function appendAll(database: Database, writer: EventWriter, runIds: string[], perRun: number): Promise<number> {
  const started = performance.now()
  await Promise.all(
    runIds.map(async (runId) => {
      const sink = await openRunSink(database.prisma, writer, runId)
      for (let count = 0; count < perRun; count++) await sink.append([eventAt(sink.nextIndex)])
    }),
  )
  const seconds = (performance.now() - started) / 1000
  return (runIds.length * perRun) / seconds
}

async function main() {
  const bench = await benchDatabase('bench_events')
  try {
    const writer = new EventWriter((text, ...values) => bench.database.prisma.$queryRawUnsafe(text, ...values))
    const single = await appendAll(bench.database, writer, await createRuns(bench.database, 1), 2_000)
    const concurrent = await appendAll(bench.database, writer, await createRuns(bench.database, 20), 500)
    const rows = await bench.database.prisma.runEvent.count()
    console.log(await machineLine(bench.database))
    console.log(
      `one run, 2,000 events, each awaited until committed: ${Math.round(single).toLocaleString('en')} events/s`,
    )
    console.log(
      `20 concurrent runs x 500 events, each awaited until committed (group commit): ${Math.round(concurrent).toLocaleString('en')} events/s`,
    )
    console.log(`rows stored: ${rows.toLocaleString('en')} (expected ${(21 + 2_000 + 20 * 500).toLocaleString('en')})`)
  } finally {
    await bench.drop()
  }
}

void main()
