// /admin/audit?to=2099-99-99 and ?from=2026-13-45 were 500s (an invalid Date reached the query): the
// page now reads its dates with parseDayRange, and the search itself refuses an invalid Date as bad input.
import { beforeAll, describe, expect, it } from 'vitest'
import { parseDayRange } from '../../../lib/boundary/actions/day-range'
import { searchAuditLog } from '../../../lib/services/admin/audit-search'
import { writeAudit } from '../../../lib/services/audit/write-audit'
import { getPrisma } from '../../../lib/adapters/db/client'
import { createTenantWithUsers, type TestTenant } from '../helpers'

let tenant: TestTenant

beforeAll(async () => {
  tenant = await createTenantWithUsers({ roles: ['admin'] })
  await writeAudit(await getPrisma(), tenant.admin.caller, 'settings.updated', { type: 'tenant', id: tenant.id }, {})
})

describe('audit log dates', () => {
  it('an impossible date is a message and no limit: the search answers with every entry', async () => {
    for (const query of [{ to: '2099-99-99' }, { from: '2026-13-45' }]) {
      const { range, errors } = parseDayRange(query)
      expect(Object.values(errors).join(' ')).toMatch(/is not a date: use YYYY-MM-DD/)
      const page = await searchAuditLog(tenant.admin.caller, { ...range })
      expect(page.entries.map((entry) => entry.action)).toEqual(['settings.updated'])
    }
  })

  it('an invalid Date reaching the search is a bad_request that names the field, not a database error', async () => {
    await expect(searchAuditLog(tenant.admin.caller, { to: new Date('2099-99-99T00:00:00Z') })).rejects.toMatchObject({
      code: 'bad_request',
      fieldErrors: { to: ['Use YYYY-MM-DD.'] },
    })
    await expect(searchAuditLog(tenant.admin.caller, { from: new Date('2026-13-45T00:00:00Z') })).rejects.toMatchObject(
      { code: 'bad_request', fieldErrors: { from: ['Use YYYY-MM-DD.'] } },
    )
  })
})
