import 'server-only'
import { logger } from '@/lib/adapters/log'
import { getDatabase } from '@/lib/adapters/db'
import { assertDatabaseAnswers } from '@/lib/adapters/observability/database-health'
import { SERVER_DATABASE_KEY } from '@/lib/server-marker'

const log = logger().child({ component: 'health' })

export const dynamic = 'force-dynamic'

/**
 * 200 `{ status: 'ok', db: 'ok', database, sharedWithServer }` when the database answers, 503
 * otherwise. `sharedWithServer` says whether this bundle uses the very database object the custom
 * server opened (one PGlite owner per process), which the e2e tests check.
 */
export async function GET() {
  try {
    const database = await getDatabase()
    await assertDatabaseAnswers(database)
    const opened = (globalThis as Record<symbol, unknown>)[SERVER_DATABASE_KEY]
    return Response.json(
      {
        status: 'ok',
        db: 'ok',
        database: database.embedded ? 'embedded' : 'postgresql',
        sharedWithServer: opened === undefined ? null : opened === database,
      },
      // Every option spelled out: nothing may come from a polluted Object.prototype (`status`, say).
      { status: 200, statusText: 'OK', headers: { 'Cache-Control': 'no-store' } },
    )
  } catch (error) {
    log.error({ err: error }, 'database check failed')
    return Response.json(
      { status: 'error', db: 'unavailable' },
      { status: 503, headers: { 'Cache-Control': 'no-store' } },
    )
  }
}
