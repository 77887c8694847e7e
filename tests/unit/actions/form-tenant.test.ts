// The browser half of binding forms to their tenant: which submitted forms get the field, and how the
// server half splits it off the input.
import { describe, expect, it } from 'vitest'
import { bindFormTenant, FORM_TENANT_FIELD, takeFormTenant } from '../../../lib/boundary/actions/form-tenant'

const form = (attributes: Record<string, string>) => ({ getAttribute: (name: string) => attributes[name] ?? null })

describe('binding a submitted form to the page tenant', () => {
  it('adds the tenant to forms that post to an action', () => {
    const forms: Record<string, string>[] = [
      { method: 'POST', action: '' },
      { action: "javascript:throw new Error('A React form was unexpectedly submitted.')" },
    ]
    for (const attributes of forms) {
      const data = new FormData()
      bindFormTenant(form(attributes), data, 'tenant-a')
      expect(data.get(FORM_TENANT_FIELD)).toBe('tenant-a')
    }
  })

  it('leaves GET forms, forms already bound and pages without a tenant alone', () => {
    const get = new FormData()
    bindFormTenant(form({ method: 'get', action: '/admin/audit' }), get, 'tenant-a')
    expect(get.has(FORM_TENANT_FIELD)).toBe(false)
    const bound = new FormData()
    bound.set(FORM_TENANT_FIELD, 'tenant-b')
    bindFormTenant(form({ method: 'post' }), bound, 'tenant-a')
    expect(bound.get(FORM_TENANT_FIELD)).toBe('tenant-b')
    const none = new FormData()
    bindFormTenant(form({ method: 'post' }), none, undefined)
    expect(none.has(FORM_TENANT_FIELD)).toBe(false)
  })

  it('splits the field off the posted input', () => {
    expect(takeFormTenant({ a: '1', [FORM_TENANT_FIELD]: 't' })).toEqual({ input: { a: '1' }, tenantId: 't' })
    expect(takeFormTenant({ a: '1' })).toEqual({ input: { a: '1' }, tenantId: undefined })
    expect(takeFormTenant({ [FORM_TENANT_FIELD]: '' }).tenantId).toBeUndefined()
    expect(takeFormTenant({ [FORM_TENANT_FIELD]: ['', 'x'] }).tenantId).toBe('x')
    expect(takeFormTenant(null)).toEqual({ input: null, tenantId: undefined })
  })
})
