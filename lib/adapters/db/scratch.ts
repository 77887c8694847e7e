import 'server-only'
import { databaseOn, type Database } from './client'
import { openMemoryDatabase } from './embedded'

/**
 * A throwaway embedded database: an in-memory PGlite with pgvector, migrated, never the app's data.
 * For command-line evaluations (recall-eval) and tests that need an embedded database beside PostgreSQL.
 */
export async function openScratchDatabase(): Promise<Database & { close(): Promise<void> }> {
  const pg = await openMemoryDatabase()
  const database = await databaseOn(pg, true)
  return {
    ...database,
    async close() {
      await database.prisma.$disconnect()
      await pg.close()
    },
  }
}
