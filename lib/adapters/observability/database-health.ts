import 'server-only'
import type { Database } from '../db/client'

/**
 * Throws unless the database answers a query through the model layer on a real table, not just
 * `SELECT 1`: a client that cannot build queries, or a database without our tables, must not look healthy.
 */
export async function assertDatabaseAnswers(database: Database): Promise<void> {
  await database.prisma.$queryRaw`SELECT 1`
  await database.prisma.tenant.findFirst({ select: { id: true } })
}
