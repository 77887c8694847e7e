// A form rendered for one tenant and submitted after the tenant was switched in another tab landed in
// the other tenant. Forms now carry the tenant they were rendered for; a mismatch is refused, unchanged.
import { beforeAll, describe, expect, it } from 'vitest'
import { runAction, runPublicAction, definePublicAction } from '../../../lib/boundary/actions/define'
import { FORM_TENANT_FIELD, STALE_TENANT_ERROR } from '../../../lib/boundary/actions/form-tenant'
import { tenantQuotaForm } from '../../../lib/services/admin/settings-forms'
import { callerOf, type Caller } from '../../../lib/services/auth/caller'
import { getPrisma } from '../../../lib/adapters/db/client'
import { z } from 'zod'
import { createTenantWithUsers, type TestTenant } from '../helpers'

let first: TestTenant
let second: TestTenant
/** The first tenant's admin, acting in the second tenant (where they are an admin too). */
let inSecond: Caller

beforeAll(async () => {
  first = await createTenantWithUsers({ roles: ['admin'] })
  second = await createTenantWithUsers({ roles: ['admin'] })
  await (
    await getPrisma()
  ).membership.create({
    data: { tenantId: second.id, userId: first.admin.id, role: 'admin' },
  })
  inSecond = callerOf({ user: { id: first.admin.id }, active: { tenantId: second.id, role: 'admin' } })!
})

async function settingsOf(tenantId: string) {
  return (await (await getPrisma()).tenant.findUniqueOrThrow({ where: { id: tenantId } })).settings
}

function quotaForm(quota: string, renderedFor?: string): FormData {
  const form = new FormData()
  form.set('dailyRunQuota', quota)
  if (renderedFor !== undefined) form.set(FORM_TENANT_FIELD, renderedFor)
  return form
}

describe('forms bound to the tenant they were rendered for', () => {
  it('a form rendered for the first tenant, submitted while the second is active, is refused and changes nothing', async () => {
    const before = [await settingsOf(first.id), await settingsOf(second.id)]
    const result = await runAction(tenantQuotaForm, quotaForm('7', first.id), inSecond)
    expect(result).toEqual({ ok: false, error: STALE_TENANT_ERROR })
    expect([await settingsOf(first.id), await settingsOf(second.id)]).toEqual(before)
  })

  it('a form rendered for the active tenant goes through (the field is not part of the input)', async () => {
    expect(await runAction(tenantQuotaForm, quotaForm('7', second.id), inSecond)).toEqual({
      ok: true,
      data: undefined,
    })
    expect(await settingsOf(second.id)).toMatchObject({ dailyRunQuota: 7 })
  })

  it('an unbound submission (a programmatic call) is judged by the active tenant as before', async () => {
    expect((await runAction(tenantQuotaForm, { dailyRunQuota: '8' }, inSecond)).ok).toBe(true)
    expect(await settingsOf(second.id)).toMatchObject({ dailyRunQuota: 8 })
  })

  it('a public form (no tenant yet) drops the field before its strict schema sees it', async () => {
    const strict = definePublicAction({ schema: z.strictObject({ name: z.string() }), handler: async (input) => input })
    const form = new FormData()
    form.set('name', 'Ada')
    form.set(FORM_TENANT_FIELD, first.id)
    expect(await runPublicAction(strict, form, { userId: null })).toEqual({ ok: true, data: { name: 'Ada' } })
  })
})
