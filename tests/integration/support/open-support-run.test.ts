// Opening a run for support (what the support run page and a member's "Ask why" page do before they
// render): staff get the context card and the first timeline page, a member asking about their own run
// gets neither, and every opening is audited with how it was reached.
import { beforeAll, describe, expect, it } from 'vitest'
import { openSupportRun } from '../../../lib/services/support/open-support-run'
import { authorizeSupportRun } from '../../../lib/services/support/session'
import { createTenantWithUsers, type TestTenant } from '../helpers'
import { auditRows, persistRun, plantedFailedLog } from './support-fixtures'

let tenant: TestTenant
let runId: string

beforeAll(async () => {
  tenant = await createTenantWithUsers()
  runId = await persistRun(tenant.member, plantedFailedLog().events, { status: 'failed', title: 'Opened run' })
})

describe('openSupportRun', () => {
  it('gives staff the workspace and audits the opening from the console', async () => {
    const caller = tenant.support.caller
    const workspace = await openSupportRun(caller, await authorizeSupportRun(caller, runId), 'console')
    expect(workspace?.contextCard).toMatch(/^\[run context\] \d+ events, status: failed/)
    expect(workspace?.initialPage.total).toBeGreaterThan(0)
    const rows = await auditRows(tenant.id, 'support.run_opened')
    expect(rows.map((row) => [row.actorId, row.targetId, row.details])).toEqual([
      [caller.userId, runId, { via: 'console' }],
    ])
  })

  it('gives a member asking about their own run the chat alone, and audits that too', async () => {
    const caller = tenant.member.caller
    expect(await openSupportRun(caller, await authorizeSupportRun(caller, runId), 'ask')).toBeNull()
    const rows = await auditRows(tenant.id, 'support.run_opened')
    expect(rows).toHaveLength(2)
    expect(rows.at(-1)).toMatchObject({ actorId: caller.userId, targetId: runId, details: { via: 'ask' } })
  })
})
