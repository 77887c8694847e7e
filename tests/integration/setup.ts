// Before each integration test file: install this run's database as the process-wide one, so
// lib/ services (getPrisma) use it. On the PGlite fallback each file gets its own copy.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, inject } from 'vitest'
import { openDatabase, setDatabase } from '../../lib/db/client'

const url = inject('databaseUrl')
const template = inject('pgliteTemplateDir')
let copy: string | null = null
if (!url && template) {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'reflexion-test-'))
  fs.cpSync(template, copy, { recursive: true })
}
const database = await openDatabase(url ? { url } : { dataDir: copy ?? undefined })
setDatabase(database)

afterAll(async () => {
  await database.prisma.$disconnect()
  await database.embedded?.close()
  if (copy) fs.rmSync(copy, { recursive: true, force: true })
})
