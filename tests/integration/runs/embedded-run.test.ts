import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDatabase, openDatabase, setDatabase, type Database } from '../../../lib/adapters/db/client'
import { authorizeRun, readRunEvents } from '../../../lib/services/runs/queries'
import { runColumnsOf } from '../../../lib/services/runs/projection'
import { startRunWorker, type RunWorker } from '../../../lib/services/runs/run-worker'
import { submitTaskDraft } from '../../../lib/services/runs/submit-task'
import { createTenantWithUsers } from '../helpers'
import { scenarioTask, waitForRun } from './run-helpers'

let previous: Database
let embedded: Database
let worker: RunWorker
let dataDir: string

beforeAll(async () => {
  previous = await getDatabase()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflexion-embedded-run-'))
  embedded = await openDatabase({ dataDir, migrate: true })
  setDatabase(embedded)
  worker = await startRunWorker({
    database: embedded,
    concurrency: 2,
    tenantConcurrency: 2,
    retry: { maxRetries: 1, baseDelayMs: 10 },
  })
})
afterAll(async () => {
  await worker?.stop()
  setDatabase(previous)
  await embedded?.embedded?.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('the embedded database (PGlite) with the in-process worker', () => {
  it('runs submit → queue (pg-boss over PGlite) → engine → persisted log, and learns across runs', async () => {
    expect(embedded.embedded).not.toBeNull()
    const tenant = await createTenantWithUsers({ roles: ['member'] })
    const first = await submitTaskDraft(tenant.member.caller, scenarioTask('hangzhou-walk'))
    const run = await waitForRun(first.runId)
    const events = await readRunEvents(await authorizeRun(tenant.member.caller, first.runId))
    expect(events.map((event) => event.index)).toEqual(events.map((_, position) => position))
    expect(run.status).toBe('succeeded')
    expect(run.attemptsUsed).toBe(2)
    expect(runColumnsOf(events).status).toBe(run.status)
    const second = await submitTaskDraft(tenant.member.caller, scenarioTask('kyoto-walk'))
    expect((await waitForRun(second.runId)).attemptsUsed).toBe(1)
  })
})
