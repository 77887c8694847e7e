// A migrated database on a private PostgreSQL cluster (tests/support/private-postgres.ts), made the
// process-wide database for one test file — submitTaskDraft and the test helpers use that one — and torn
// down after it: the file's queue and leases closed, the shared database restored, the cluster deleted.
import { afterAll, beforeAll } from 'vitest'
import { getDatabase, openDatabase, setDatabase, type Database } from '../../../lib/adapters/db/client'
import { applyMigrations, migrationAdapterFor } from '../../../lib/adapters/db/schema-engine'
import { runServicesFor } from '../../../lib/services/runs/run-services'
import { startPrivatePostgres, type PrivatePostgres } from '../../support/private-postgres'

/** The private cluster and its database, once the file's `beforeAll` has made them. */
export type PrivateDatabase = { cluster: PrivatePostgres; database: Database; url: string }

/**
 * Registers the file's `beforeAll`/`afterAll` for a database called `name` (nothing when `unavailable`);
 * `beforeStop` runs first in `afterAll` (e.g. reaping worker processes). Returns the accessor for tests.
 */
export function usePrivateDatabase(
  name: string,
  options: { unavailable: string | null; beforeStop?: () => Promise<void> | void },
): () => PrivateDatabase {
  let current: PrivateDatabase | null = null
  let cluster: PrivatePostgres | null = null
  let original: Database | null = null
  beforeAll(async () => {
    if (options.unavailable) return
    original = await getDatabase()
    cluster = await startPrivatePostgres()
    const url = await cluster.createDatabase(name)
    await applyMigrations(await migrationAdapterFor(url))
    const database = await openDatabase({ url })
    setDatabase(database)
    current = { cluster, database, url }
  })
  afterAll(async () => {
    await options.beforeStop?.()
    if (current) {
      const services = runServicesFor(current.database)
      await services.queue.stop().catch(() => undefined)
      await services.leases.close()
      await current.database.prisma.$disconnect()
    }
    if (original) setDatabase(original)
    await cluster?.destroy()
  })
  return () => {
    if (!current) throw new Error(`the private database ${name} is not ready (beforeAll did not make it)`)
    return current
  }
}
