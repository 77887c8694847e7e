import 'server-only'
import { getDatabase } from '../../adapters/db/client'
import { env } from '../../env'
import { startRunWorker, type RunWorker } from './run-worker'

const globalKey = Symbol.for('reflexion-studio.in-process-worker')
type Holder = typeof globalThis & { [globalKey]?: Promise<RunWorker | null> }

/**
 * Starts the run worker inside the app process, once: always on the embedded database (nothing
 * else may open it), and on PostgreSQL too unless RUN_WORKER=off (then `npm run worker` does the work).
 * Returns null when disabled.
 */
export function startInProcessWorker(): Promise<RunWorker | null> {
  const holder = globalThis as Holder
  holder[globalKey] ??= (async () => {
    const database = await getDatabase()
    if (database.url && env.RUN_WORKER === 'off') return null
    return startRunWorker({ database, concurrency: env.WORKER_CONCURRENCY, tenantConcurrency: env.TENANT_CONCURRENCY })
  })()
  return holder[globalKey]
}
