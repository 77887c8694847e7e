/**
 * `npm run worker`: executes queued runs from PostgreSQL (DATABASE_URL), next to any number of
 * app servers and other workers. The embedded database cannot be shared: the app runs its own worker.
 */
import { openDatabase } from '../lib/db/client'
import { env } from '../lib/env'
import { startTracing } from '../lib/observability/tracing'
import { startRunWorker } from '../lib/runs/run-worker'

async function main() {
  if (!env.DATABASE_URL) {
    console.error(
      'npm run worker needs DATABASE_URL (a PostgreSQL server). On the embedded database the app process runs the worker itself.',
    )
    process.exit(2)
  }
  const stopTracing = startTracing(env.OTEL_EXPORTER_OTLP_ENDPOINT, 'reflexion-studio-worker')
  const database = await openDatabase({ url: env.DATABASE_URL })
  const worker = await startRunWorker({
    database,
    concurrency: env.WORKER_CONCURRENCY,
    tenantConcurrency: env.TENANT_CONCURRENCY,
    workerLabel: `worker:${process.pid}`,
  })
  console.log(
    `[worker] pid ${process.pid} executing runs (concurrency ${env.WORKER_CONCURRENCY}, per tenant ${env.TENANT_CONCURRENCY})`,
  )
  const shutdown = async (signal: string) => {
    console.log(`[worker] ${signal}: finishing current runs`)
    await worker.stop()
    await database.prisma.$disconnect()
    await stopTracing?.().catch(() => {})
    process.exit(0)
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  process.once('SIGINT', () => void shutdown('SIGINT'))
}

main().catch((error) => {
  console.error('[worker] failed to start', error)
  process.exit(1)
})
