// The monotonic block under concurrency: runs of one user appending lessons to the same block at
// once never lose an update (PgMemory.appendLine locks the block's row), duplicates stay single,
// the cap keeps the newest lines; and through the real worker, two monotonic runs of one member
// that each write a lesson at the same time both end up in the block.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getPrisma } from '../../../lib/adapters/db/client'
import { PgMemory } from '../../../lib/services/lessons/pg-memory'
import { blockLines } from '../../../lib/core/reflexion/lesson-text'
import type { RunWorker } from '../../../lib/services/runs/run-worker'
import { submitTaskDraft } from '../../../lib/services/runs/submit-task'
import { createTenantWithUsers, type TestTenant } from '../helpers'
import { scenarioTask, startTestWorker, waitForRun } from '../runs/run-helpers'

const BLOCK = 'reflexion_lessons'
let tenant: TestTenant
let memory: PgMemory
let worker: RunWorker

beforeAll(async () => {
  tenant = await createTenantWithUsers({ roles: ['member'] })
  memory = new PgMemory({ prisma: await getPrisma(), tenantId: tenant.id })
  worker = await startTestWorker({ concurrency: 4, tenantConcurrency: 4 })
})

afterAll(async () => {
  await worker?.stop()
})

describe('PgMemory.appendLine', () => {
  it('keeps every one of 40 concurrent appends to a block that does not exist yet', async () => {
    const lines = Array.from({ length: 40 }, (_, position) => `Lesson number ${position} for the race.`)
    const results = await Promise.all(lines.map((line) => memory.appendLine(tenant.member.id, 'race', line, 100)))
    expect(results.every((result) => !result.duplicate && result.dropped.length === 0)).toBe(true)
    expect(blockLines(await memory.getBlock(tenant.member.id, 'race')).sort()).toEqual([...lines].sort())
    // Each append saw the block as it was after the appends before it: the sizes are 1..40, each once.
    expect(results.map((result) => result.lines.length).sort((a, b) => a - b)).toEqual(
      lines.map((_, position) => position + 1),
    )
  })

  it('stores one copy of a line appended concurrently many times (normalised), and reports the rest as duplicates', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, position) =>
        memory.appendLine(tenant.member.id, 'dupes', position % 2 ? 'Keep it short.' : '  keep it SHORT ', 10),
      ),
    )
    expect(results.filter((result) => !result.duplicate)).toHaveLength(1)
    expect(blockLines(await memory.getBlock(tenant.member.id, 'dupes'))).toHaveLength(1)
  })

  it('enforces the cap under concurrency: exactly maxLines remain, and what was dropped is accounted for', async () => {
    const lines = Array.from({ length: 20 }, (_, position) => `Capped lesson ${position}.`)
    const results = await Promise.all(lines.map((line) => memory.appendLine(tenant.member.id, 'capped', line, 5)))
    const kept = blockLines(await memory.getBlock(tenant.member.id, 'capped'))
    const dropped = results.flatMap((result) => result.dropped)
    expect(kept).toHaveLength(5)
    expect([...kept, ...dropped].sort()).toEqual([...lines].sort())
  })

  it("never touches another user's block of the same name", async () => {
    await memory.setBlock('someone-else', 'race', 'Their own lesson.')
    await memory.appendLine(tenant.member.id, 'race', 'One more of mine.', 100)
    expect(await memory.getBlock('someone-else', 'race')).toBe('Their own lesson.')
  })
})

describe('through the worker', () => {
  it('two monotonic runs of one member writing lessons at the same time both land in the block', async () => {
    const [first, second] = await Promise.all([
      submitTaskDraft(tenant.member.caller, scenarioTask('hangzhou-walk', 'monotonic')),
      submitTaskDraft(tenant.member.caller, scenarioTask('book-json', 'monotonic')),
    ])
    expect((await waitForRun(first.runId)).status).toBe('succeeded')
    expect((await waitForRun(second.runId)).status).toBe('succeeded')
    const block = blockLines(await memory.getBlock(tenant.member.id, BLOCK))
    expect(block).toEqual(
      expect.arrayContaining([expect.stringMatching(/at most 3 stops/), expect.stringMatching(/every required field/)]),
    )
    expect(block).toHaveLength(2)
  })
})
