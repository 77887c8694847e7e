// Before each integration test file: install this run's database as the process-wide one, so
// lib/ services (getPrisma) use it. On the PGlite fallback each file gets its own copy.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, inject } from 'vitest'
import { openDatabase, setDatabase } from '../../lib/adapters/db/client'

const url = inject('databaseUrl')
const template = inject('pgliteTemplateDir')
let copy: string | null = null
if (!url && template) {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'reflexion-test-'))
  fs.cpSync(template, copy, { recursive: true })
}
const database = await openDatabase(url ? { url } : { dataDir: copy ?? undefined })
setDatabase(database)

// On PostgreSQL every file shares one database: a file starts with an empty queue. Runs an earlier file
// left queued or running (a stopped worker, killed worker processes, a closed fake provider) would
// otherwise be taken first by this file's worker, delay its runs and write lessons into its counts.
if (url) {
  await database.prisma.$executeRawUnsafe(
    `UPDATE runs SET status = 'cancelled', interruption_reason = 'cancelled', finished_at = now()
     WHERE status IN ('queued', 'running')`,
  )
  const [{ queue }] = await database.prisma.$queryRawUnsafe<{ queue: string | null }[]>(
    `SELECT to_regclass('pgboss.job')::text AS queue`,
  )
  if (queue)
    await database.prisma.$executeRawUnsafe(`DELETE FROM pgboss.job WHERE state IN ('created', 'retry', 'active')`)
}

afterAll(async () => {
  await database.prisma.$disconnect()
  await database.embedded?.close()
  if (copy) fs.rmSync(copy, { recursive: true, force: true })
})
