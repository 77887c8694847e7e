/**
 * `npm run worker`: executes queued runs from PostgreSQL (DATABASE_URL), next to any number of
 * app servers and other workers. The embedded database cannot be shared: the app runs its own worker.
 */
import { openDatabase } from '../lib/db/client'
import { assertSharedSecrets, env } from '../lib/env'
import { startRunWorker } from '../lib/runs/run-worker'

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
    process.exit(0)
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  process.once('SIGINT', () => void shutdown('SIGINT'))
}

main().catch((error) => {
  console.error('[worker] failed to start', error)
  process.exit(1)
})
