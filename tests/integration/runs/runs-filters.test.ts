// The runs list filtered by tag and by task key (read from the stored task), scoped as ever.
import { beforeAll, describe, expect, it } from 'vitest'
import { listRuns } from '../../../lib/services/runs/queries'
import { submitTaskDraft } from '../../../lib/services/runs/submit-task'
import { createTenantWithUsers, type TestTenant } from '../helpers'

let tenant: TestTenant
let other: TestTenant

beforeAll(async () => {
  tenant = await createTenantWithUsers()
  other = await createTenantWithUsers()
})

describe('runs list filters', () => {
  it('by tag and by task key; another tenant’s matching run never appears', async () => {
    const tagged = await submitTaskDraft(tenant.member.caller, {
      prompt: 'walk',
      tags: ['travel', 'lyon'],
      taskKey: 'walking-tour',
    })
    const plain = await submitTaskDraft(tenant.member.caller, {
      prompt: 'sum',
      tags: ['finance'],
      taskKey: 'sales-sum',
    })
    const foreign = await submitTaskDraft(other.member.caller, {
      prompt: 'walk',
      tags: ['travel'],
      taskKey: 'walking-tour',
    })
    const ids = async (options: Parameters<typeof listRuns>[1]) =>
      (await listRuns(tenant.member.caller, { userId: tenant.member.caller.userId, ...options })).runs.map(
        (run) => run.id,
      )
    expect(await ids({ tag: 'travel' })).toEqual([tagged.runId])
    expect(await ids({ taskKey: 'walking-tour' })).toEqual([tagged.runId])
    expect(await ids({ taskKey: 'sales-sum', tag: 'finance' })).toEqual([plain.runId])
    expect(await ids({ tag: 'trav' })).toEqual([])
    expect(await ids({ tag: 'travel' })).not.toContain(foreign.runId)
  })
})
