/**
 * `npm run worker`: executes queued runs from PostgreSQL (DATABASE_URL), next to any number of
 * app servers and other workers. The embedded database cannot be shared: the app runs its own worker.
 */
import { register } from 'node:module'

// Server modules import 'server-only' (which throws outside React's server bundles): as server.ts does.
register('./server-only-loader.mjs', import.meta.url)
const { openDatabase } = await import('../lib/adapters/db/client')
const { assertSharedSecrets, env } = await import('../lib/env')
const { startTracing } = await import('../lib/adapters/observability/tracing')
const { startRunWorker } = await import('../lib/services/runs/run-worker')
const { serveWorkerMetrics } = await import('../lib/adapters/observability/worker-metrics-server')
const { routeConsoleToLogger } = await import('../lib/adapters/log')
routeConsoleToLogger()

async function main() {
  if (!env.DATABASE_URL) {
    console.error(
      'npm run worker needs DATABASE_URL (a PostgreSQL server). On the embedded database the app process runs the worker itself.',
    )
    process.exit(2)
  }
  try {
    assertSharedSecrets('npm run worker', ['SECRETS_KEY'])
  } catch (error) {
    console.error((error as Error).message)
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
  void import('../lib/adapters/embedders').then(({ warmOfflineEmbedder }) => warmOfflineEmbedder()).catch(() => {}) // the first run that embeds reports a failure to load
  const metricsServer = env.WORKER_METRICS_PORT
    ? await serveWorkerMetrics(env.WORKER_METRICS_PORT, env.METRICS_TOKEN)
    : null
  const shutdown = async (signal: string) => {
    metricsServer?.close()
    console.log(
      `[worker] ${signal}: taking no new runs; running ones stop at their next attempt and go to another worker`,
    )
    await worker.stop({ graceMs: env.WORKER_GRACE_SECONDS * 1000 })
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
