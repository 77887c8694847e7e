// Every lib/ module that touches the database imports 'server-only', so a client component that pulls
// one in (directly or through a barrel) fails the build instead of shipping database code to the browser.
// "Touches the database": imports the Prisma client, pg, pg-boss or the database modules as values, or
// calls Prisma's query API on a model (`db.run.findMany(…)`, `prisma.$queryRaw`…).
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { sourceFilesUnder } from '../../support/source-files'
import { databaseUse } from '../../support/database-use'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const LIB = path.join(ROOT, 'lib')

describe("modules that touch the database import 'server-only'", () => {
  it('recognises database use, and not its mention', () => {
    const file = 'lib/services/runs/probe.ts'
    expect(databaseUse(file, "import { getDatabase } from '../../adapters/db/client'\n")).not.toBeNull()
    expect(databaseUse('lib/adapters/db/probe.ts', "import { databaseOn } from './client'\n")).not.toBeNull()
    expect(databaseUse(file, "import { getPrisma } from '@/lib/adapters/db/client'\n")).not.toBeNull()
    expect(databaseUse(file, "import PgBoss from 'pg-boss'\n")).not.toBeNull()
    expect(databaseUse(file, 'const rows = await db.run.findMany({ where })\n')).not.toBeNull()
    expect(databaseUse(file, 'await prisma.$queryRaw`SELECT 1`\n')).not.toBeNull()
    expect(databaseUse(file, "import type { Db } from '../db/client'\nexport const x = 1\n")).toBeNull()
    expect(databaseUse(file, '// reads prisma.run.findMany(…) in the caller\nexport const x = 1\n')).toBeNull()
    expect(databaseUse(file, "import { clientOf } from '../models/client'\n")).toBeNull()
  })

  it('holds for every module of lib/', () => {
    const missing = sourceFilesUnder(LIB, { tests: false })
      .map((file) => ({ file: path.relative(ROOT, file), source: fs.readFileSync(file, 'utf8') }))
      .filter(({ file, source }) => databaseUse(file, source) && !/^import 'server-only'$/m.test(source))
      .map(({ file, source }) => `${file} (${databaseUse(file, source)})`)
    expect(missing).toEqual([])
  })
})
