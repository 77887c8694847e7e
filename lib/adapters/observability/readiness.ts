import 'server-only'
import fs from 'node:fs'
import path from 'node:path'
import type { Database } from '../db/client'

/** One readiness check: ok, or the plain reason it is not. */
export type ReadinessCheck = { ok: true } | { ok: false; reason: string }

/** The readiness of this process: the database answers, the queue's tables are there, every migration is applied. */
export type Readiness = {
  ready: boolean
  checks: { database: ReadinessCheck; queue: ReadinessCheck; migrations: ReadinessCheck }
}

/** The migration folders this build ships (prisma/migrations next to the working directory). */
function shippedMigrations(root: string): string[] {
  const folder = path.join(root, 'prisma/migrations')
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
}

async function check(probe: () => Promise<string | null>): Promise<ReadinessCheck> {
  try {
    const problem = await probe()
    return problem === null ? { ok: true } : { ok: false, reason: problem }
  } catch {
    return { ok: false, reason: 'unreachable' }
  }
}

/**
 * Checks what a load balancer needs before sending traffic here. Each check is bounded by the
 * database's own timeouts; no detail of an error reaches the answer (it could name hosts).
 */
export async function readiness(database: Database, root = process.cwd()): Promise<Readiness> {
  const { prisma } = database
  const databaseCheck = await check(async () => {
    await prisma.$queryRaw`SELECT 1`
    return null
  })
  const queue = databaseCheck.ok
    ? await check(async () => {
        const rows = await prisma.$queryRaw<
          { present: boolean }[]
        >`SELECT to_regclass('pgboss.job') IS NOT NULL AS present`
        return rows[0]?.present ? null : 'the queue tables are missing (no worker has started yet)'
      })
    : ({ ok: false, reason: 'database unreachable' } as const)
  const migrations = databaseCheck.ok
    ? await check(async () => {
        const applied = await prisma.$queryRaw<{ migration_name: string }[]>`
          SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`
        const done = new Set(applied.map((row) => row.migration_name))
        const missing = shippedMigrations(root).filter((name) => !done.has(name))
        return missing.length === 0 ? null : `${missing.length} migration(s) not applied: run npm run db:migrate`
      })
    : ({ ok: false, reason: 'database unreachable' } as const)
  const checks = { database: databaseCheck, queue, migrations }
  return { ready: Object.values(checks).every((entry) => entry.ok), checks }
}
