import 'server-only'
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import { PrismaClient, type Prisma } from '../../generated/prisma/client'
import { normaliseStoredLessonLabels } from './normalise-stored-labels'

/**
 * One-time data changes that SQL cannot express exactly, run after the SQL migrations by every path
 * that migrates (`npm run db:migrate`, the server, the tests). Each runs once, in one transaction with
 * the row that records it, under an advisory lock, so two processes migrating at once do it once.
 * Append new ones at the end; never rename one that has shipped.
 */
export const DATA_MIGRATIONS: readonly { name: string; run: (db: Prisma.TransactionClient) => Promise<unknown> }[] = [
  { name: '20261202_normalise_lesson_labels', run: normaliseStoredLessonLabels },
]

/** A key of the advisory lock the data migrations take (any constant both processes agree on). */
const LOCK_KEY = 7_310_461

/** Runs the data migrations not yet recorded; returns the names run now. */
export async function runDataMigrations(
  factory: SqlMigrationAwareDriverAdapterFactory,
  migrations = DATA_MIGRATIONS,
): Promise<string[]> {
  const prisma = new PrismaClient({ adapter: factory })
  try {
    const ran: string[] = []
    for (const migration of migrations) {
      const done = await prisma.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT pg_advisory_xact_lock(${LOCK_KEY}::bigint)::text`
          if (await tx.dataMigration.findUnique({ where: { name: migration.name } })) return false
          await migration.run(tx)
          await tx.dataMigration.create({ data: { name: migration.name } })
          return true
        },
        { maxWait: 60_000, timeout: 30 * 60_000 },
      )
      if (done) ran.push(migration.name)
    }
    return ran
  } finally {
    await prisma.$disconnect()
  }
}
