// Pages, actions and route handlers reach the database only through named lib/ functions (which scope
// by tenant and caller): no Prisma call, raw query or Prisma client import in app/.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { sourceFilesUnder } from '../../support/source-files'
import { REPOSITORY_ROOT } from '../../support/app-discovery'
import { databaseUse } from '../../support/database-use'

/** `getPrisma()` or `database.prisma` handed out by lib/adapters/db: inline Prisma even without a model call. */
const PRISMA_HANDLE = /\bgetPrisma\s*\(|\.prisma\b/

describe('app/ has no inline database access', () => {
  it('no page, action or route handler queries the database itself', () => {
    const inline = sourceFilesUnder(path.join(REPOSITORY_ROOT, 'app'))
      .map((file) => {
        const relative = path.relative(REPOSITORY_ROOT, file).split(path.sep).join('/')
        const source = fs.readFileSync(file, 'utf8')
        const use = databaseUse(relative, source) ?? PRISMA_HANDLE.exec(source)?.[0] ?? null
        return use ? `${relative} (${use})` : null
      })
      .filter(Boolean)
    expect(inline).toEqual([])
  })
})
