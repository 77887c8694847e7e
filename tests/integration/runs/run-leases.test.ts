// Run leases under concurrency: many acquires and releases at once on the one lock connection keep
// the lease semantics (one holder per run) and never overlap queries on that connection (pg 8 warns
// about overlapping queries and pg 9 refuses them).
import crypto from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { getDatabase, type Database } from '../../../lib/adapters/db/client'
import { runLeasesFor } from '../../../lib/adapters/jobs/run-leases'

const runIds = Array.from({ length: 40 }, () => `lease-test-${crypto.randomBytes(6).toString('hex')}`)
const warnings: string[] = []
const onWarning = (warning: Error) => warnings.push(warning.message)
process.on('warning', onWarning)
afterAll(() => void process.off('warning', onWarning))

describe('run leases', () => {
  it('grants each run to one of many concurrent acquirers and sends one query at a time', async () => {
    const database = await getDatabase()
    const leases = runLeasesFor(database)
    const attempts = await Promise.all(runIds.flatMap((runId) => [leases.tryAcquire(runId), leases.tryAcquire(runId)]))
    for (let run = 0; run < runIds.length; run++) expect(attempts[2 * run] !== attempts[2 * run + 1]).toBe(true)
    expect(attempts.filter(Boolean)).toHaveLength(runIds.length)

    await Promise.all(runIds.map((runId) => leases.release(runId)))
    const again = await Promise.all(runIds.map((runId) => leases.tryAcquire(runId)))
    expect(again.every(Boolean)).toBe(true)
    await Promise.all(runIds.map((runId) => leases.release(runId)))
    await new Promise((resolve) => setImmediate(resolve))
    expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([])
  })

  it('forgets a lease it failed to take while the database was unreachable', async () => {
    // Nothing listens on port 1: every query fails. A failed acquire must not leave the run marked as
    // held, or the reconnected lock connection would re-take its lease and nobody could run or end it.
    const unreachable = {
      prisma: null,
      embedded: null,
      url: 'postgresql://postgres@127.0.0.1:1/none',
    } as unknown as Database
    const leases = runLeasesFor(unreachable)
    await expect(leases.tryAcquire('lease-test-unreachable')).rejects.toThrow(/ECONNREFUSED|connect/)
    await expect(leases.tryAcquire('lease-test-unreachable')).rejects.toThrow(/ECONNREFUSED|connect/)
    await leases.close()
  })
})

describe('run leases across workers', () => {
  it('releases a lease whose acquire opened the lock connection, so another worker can take it', async () => {
    const url = (await getDatabase()).url
    if (!url) return // the embedded database has one process and no advisory locks
    // Two workers: each its own Database object, so each its own lock connection.
    const first = runLeasesFor({ ...(await getDatabase()) })
    const second = runLeasesFor({ ...(await getDatabase()) })
    try {
      const runId = `lease-test-${crypto.randomBytes(6).toString('hex')}`
      // The first acquire opens the connection while the run is already marked as held: it must be locked once.
      expect(await first.tryAcquire(runId)).toBe(true)
      expect(await second.tryAcquire(runId)).toBe(false)
      await first.release(runId)
      expect(await second.tryAcquire(runId)).toBe(true)
      await second.release(runId)
      // Acquires in flight while the connection opens.
      const burst = Array.from({ length: 12 }, () => `lease-test-${crypto.randomBytes(6).toString('hex')}`)
      const fresh = runLeasesFor({ ...(await getDatabase()) })
      expect(await Promise.all(burst.map((id) => fresh.tryAcquire(id)))).toEqual(burst.map(() => true))
      await Promise.all(burst.map((id) => fresh.release(id)))
      expect(await Promise.all(burst.map((id) => second.tryAcquire(id)))).toEqual(burst.map(() => true))
      await Promise.all(burst.map((id) => second.release(id)))
      await fresh.close()
    } finally {
      await first.close()
      await second.close()
    }
  })
})
