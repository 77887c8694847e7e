// A throwaway PostgreSQL database for a bench: created on the local test server, migrated, dropped.
import crypto from 'node:crypto'
import os from 'node:os'
import { openDatabase, type Database } from '../lib/adapters/db/client'
import { applyMigrations, migrationAdapterFor } from '../lib/adapters/db/schema-engine'
import { env } from '../lib/env'
import { adminQuery } from '../tests/support/local-services'

/** Opens a fresh migrated database named `<prefix>_<random>`; `drop()` removes it. */
export async function benchDatabase(
  prefix: string,
): Promise<{ database: Database; url: string; drop(): Promise<void> }> {
  const server = new URL(env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres')
  if (!['localhost', '127.0.0.1', '::1'].includes(server.hostname))
    throw new Error('benches create and drop databases: use a local server')
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`
  const admin = (sql: string) => adminQuery(server, sql)
  await admin(`CREATE DATABASE ${name}`)
  const url = new URL(server)
  url.pathname = `/${name}`
  await applyMigrations(await migrationAdapterFor(url.toString()))
  const database = await openDatabase({ url: url.toString() })
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.prisma.$disconnect()
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    },
  }
}

/** A database an earlier run kept (BENCH_KEEP_DATABASE=1), opened again to measure it; never dropped. */
export async function keptDatabase(url: string): Promise<{ database: Database; url: string; drop(): Promise<void> }> {
  const database = await openDatabase({ url })
  return { database, url, drop: () => database.prisma.$disconnect() }
}

/** The machine line of bench/RESULTS.md. */
export async function machineLine(database: Database): Promise<string> {
  const [{ server_version: version }] =
    await database.prisma.$queryRawUnsafe<{ server_version: string }[]>('SHOW server_version')
  const vector = await database.prisma.$queryRawUnsafe<{ extversion: string }[]>(
    "SELECT extversion FROM pg_extension WHERE extname = 'vector'",
  )
  return `Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, Node ${process.version}, PostgreSQL ${version}${vector[0] ? ` + pgvector ${vector[0].extversion}` : ' (no pgvector)'}.`
}

/** Percentile of sorted milliseconds. */
export function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]
}

/**
 * Turns off the per-minute limits on starting runs and asking support in this process: a bench
 * submits hundreds of runs a minute as one member, which the product rightly refuses.
 */
export function liftUsageRates(): Record<string, string> {
  env.RUNS_PER_MEMBER_PER_MINUTE = 0
  env.RUNS_PER_TENANT_PER_MINUTE = 0
  env.SUPPORT_QUESTIONS_PER_USER_PER_MINUTE = 0
  // For a server process the bench starts: the same, as environment variables.
  return {
    RUNS_PER_MEMBER_PER_MINUTE: '0',
    RUNS_PER_TENANT_PER_MINUTE: '0',
    SUPPORT_QUESTIONS_PER_USER_PER_MINUTE: '0',
  }
}
