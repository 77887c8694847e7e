import { afterAll, beforeAll } from 'vitest'
import { getPrisma, type Db } from '../../../lib/adapters/db/client'
import { openScratchDatabase } from '../../../lib/adapters/db/scratch'

/**
 * For `describe.each`: the run's integration database and a throwaway embedded PGlite beside it
 * (opened before the file's tests, closed after), so one test proves a behaviour on both.
 */
export function bothDatabases(): [string, () => Promise<Db>][] {
  let scratch: Awaited<ReturnType<typeof openScratchDatabase>> | null = null
  beforeAll(async () => {
    scratch = await openScratchDatabase()
  }, 120_000)
  afterAll(async () => {
    await scratch?.close()
  })
  return [
    ['PostgreSQL', () => getPrisma()],
    ['PGlite', async () => scratch!.prisma],
  ]
}
