// The console list (failures first, keyset pages, filters, tenant-only) and the timeline pages
// (bounded, redacted with the tenant's settings; secrets always masked).
import { beforeAll, describe, expect, it } from 'vitest'
import { getPrisma } from '../../../lib/adapters/db/client'
import { listSupportRuns } from '../../../lib/services/support/support-queries'
import { loadTimelinePage } from '../../../lib/services/support/timeline-page'
import { createTenantWithUsers, type TestTenant } from '../helpers'
import { syntheticRunLog } from '../../unit/fixtures/synthetic-log'
import { persistRun, PLANTED, plantedFailedLog } from './support-fixtures'

let tenant: TestTenant
let other: TestTenant
const created: { id: string; status: string; minute: number; owner: 'member' | 'admin' }[] = []

beforeAll(async () => {
  tenant = await createTenantWithUsers()
  other = await createTenantWithUsers()
  const { events } = plantedFailedLog()
  const statuses = [
    'succeeded',
    'failed',
    'running',
    'interrupted',
    'succeeded',
    'failed',
    'cancelled',
    'failed',
  ] as const
  for (const [minute, status] of statuses.entries()) {
    const owner = minute % 2 === 0 ? 'member' : 'admin'
    const id = await persistRun(tenant[owner], events, {
      status,
      title: `Run ${minute} ${status}`,
      createdAt: new Date(Date.UTC(2025, 0, 1, 12, minute)),
    })
    created.push({ id, status, minute, owner })
  }
  await persistRun(other.member, events, { status: 'failed', title: 'Other tenant run' })
})

const byNewest = (runs: typeof created) =>
  [...runs].sort((left, right) => right.minute - left.minute).map((run) => run.id)

describe('support console list', () => {
  it('failed and interrupted first, then the rest, each newest first; pages follow without gaps or repeats', async () => {
    const failures = byNewest(created.filter((run) => run.status === 'failed' || run.status === 'interrupted'))
    const rest = byNewest(created.filter((run) => run.status !== 'failed' && run.status !== 'interrupted'))
    const seen: string[] = []
    let cursor: string | undefined
    do {
      const page = await listSupportRuns(tenant.support.caller, {}, { cursor, limit: 3 })
      expect(page.runs.length).toBeLessThanOrEqual(3)
      seen.push(...page.runs.map((run) => run.id))
      cursor = page.nextCursor ?? undefined
    } while (cursor)
    expect(seen).toEqual([...failures, ...rest])
  })

  it('filters by status, person, date range and text; only this tenant', async () => {
    const ids = async (filters: Parameters<typeof listSupportRuns>[1]) =>
      (await listSupportRuns(tenant.admin.caller, filters, { limit: 100 })).runs.map((run) => run.id)
    expect(await ids({ status: 'failed' })).toEqual(byNewest(created.filter((run) => run.status === 'failed')))
    expect(await ids({ userId: tenant.member.id, status: 'succeeded' })).toEqual(
      byNewest(created.filter((run) => run.owner === 'member' && run.status === 'succeeded')),
    )
    expect(
      await ids({ from: new Date(Date.UTC(2025, 0, 1, 12, 2)), to: new Date(Date.UTC(2025, 0, 1, 12, 5)) }),
    ).toEqual([
      ...byNewest(
        created.filter((run) => run.minute >= 2 && run.minute < 5 && ['failed', 'interrupted'].includes(run.status)),
      ),
      ...byNewest(
        created.filter((run) => run.minute >= 2 && run.minute < 5 && !['failed', 'interrupted'].includes(run.status)),
      ),
    ])
    expect(await ids({ q: 'run 7 FAILED' })).toEqual([created[7].id])
    expect(await ids({ q: 'Other tenant' })).toEqual([])
    expect((await listSupportRuns(other.support.caller, {}, { limit: 100 })).runs.map((run) => run.title)).toEqual([
      'Other tenant run',
    ])
  })

  it('members get notFound; a forged cursor is a bad request', async () => {
    await expect(listSupportRuns(tenant.member.caller)).rejects.toMatchObject({ code: 'not_found' })
    await expect(listSupportRuns(tenant.support.caller, {}, { cursor: 'bm90LWEtY3Vyc29y' })).rejects.toMatchObject({
      code: 'bad_request',
    })
  })
})

describe('support timeline', () => {
  it('rows are #index, type, kind, cause and a bounded payload, redacted; e-mails follow the tenant setting, secrets never show', async () => {
    const runId = created[1].id
    const page = await loadTimelinePage(tenant.support.caller, runId, 0)
    expect(page).toMatchObject({ page: 0, pageSize: 100, total: plantedFailedLog().events.length })
    expect(page.rows[0]).toMatchObject({ index: 0, type: 'run.submitted', kind: 'Command', cause: 'seed' })
    expect(page.rows[2].cause).toBe('#0 via reflexion')
    const text = JSON.stringify(page.rows)
    for (const secret of [PLANTED.apiKey, PLANTED.email, PLANTED.password]) expect(text).not.toContain(secret)
    expect(text).toContain('[redacted:email]')
    const prisma = await getPrisma()
    await prisma.tenant.update({ where: { id: tenant.id }, data: { settings: { redaction: { emails: false } } } })
    const unmasked = JSON.stringify((await loadTimelinePage(tenant.support.caller, runId, 0)).rows)
    expect(unmasked).toContain(PLANTED.email)
    expect(unmasked).not.toContain(PLANTED.apiKey)
    expect(unmasked).not.toContain(PLANTED.password)
    await prisma.tenant.update({ where: { id: tenant.id }, data: { settings: {} } })
  })

  it('a long log is read a page of 100 at a time; a page past the end is clamped to the last', async () => {
    const runId = await persistRun(tenant.member, syntheticRunLog(250), { status: 'running' })
    const third = await loadTimelinePage(tenant.support.caller, runId, 2)
    expect(third).toMatchObject({ page: 2, total: 250 })
    expect(third.rows.map((row) => row.index)).toEqual(Array.from({ length: 50 }, (_, offset) => 200 + offset))
    expect((await loadTimelinePage(tenant.member.caller, runId, 1)).rows[0].index).toBe(100)
    expect((await loadTimelinePage(tenant.member.caller, runId, 99)).page).toBe(2)
    expect(JSON.stringify((await loadTimelinePage(tenant.support.caller, runId, 0)).rows)).not.toContain(
      'ops@example.com',
    )
  })

  it("another tenant's run, or another member's, is notFound", async () => {
    await expect(loadTimelinePage(other.support.caller, created[1].id, 0)).rejects.toMatchObject({ code: 'not_found' })
    await expect(loadTimelinePage(tenant.member.caller, created[1].id, 0)).rejects.toMatchObject({ code: 'not_found' })
    expect((await loadTimelinePage(tenant.member.caller, created[0].id, 5)).page).toBe(0)
  })
})
