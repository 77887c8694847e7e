// /api/health answers ok only when the database really serves our tables through the model layer,
// and its status cannot be taken over by a polluted Object.prototype.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { GET as health } from '../../../app/api/health/route'
import { getDatabase, openDatabase, setDatabase } from '../../../lib/adapters/db/client'

describe('/api/health', () => {
  it('answers 200 with db ok on the migrated database', async () => {
    const response = await health()
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ status: 'ok', db: 'ok' })
  })

  it('answers 503 when the database answers SELECT 1 but has none of our tables', async () => {
    const original = await getDatabase()
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'health-empty-'))
    const empty = await openDatabase({ dataDir: folder, migrate: false })
    try {
      setDatabase(empty)
      const response = await health()
      expect(response.status).toBe(503)
      expect(await response.json()).toEqual({ status: 'error', db: 'unavailable' })
    } finally {
      setDatabase(original)
      await empty.prisma.$disconnect()
      await empty.embedded?.close()
      fs.rmSync(folder, { recursive: true, force: true })
    }
  })

  it('keeps its own status when Object.prototype has been polluted', async () => {
    Object.defineProperty(Object.prototype, 'status', { value: 599, configurable: true, writable: true })
    try {
      expect((await health()).status).toBe(200)
    } finally {
      delete (Object.prototype as Record<string, unknown>).status
    }
  })
})
