'use client'

import { useRef } from 'react'

/** Picks the active tenant; submits on change (and with its button when scripts are off). */
export function TenantSwitcher({
  tenants,
  activeTenantId,
  action,
}: {
  tenants: { tenantId: string; tenantName: string; role: string }[]
  activeTenantId: string
  /** Switches the active tenant (the layout's server action). */
  action: (form: FormData) => Promise<void>
}) {
  const form = useRef<HTMLFormElement>(null)
  if (tenants.length < 2) {
    const only = tenants[0]
    return only ? (
      <span className="truncate text-sm font-medium text-slate-700" data-testid="active-tenant">
        {only.tenantName}
      </span>
    ) : null
  }
  return (
    <form ref={form} action={action} className="flex items-center gap-2">
      <label htmlFor="tenant-switcher" className="sr-only">
        Active tenant
      </label>
      <select
        id="tenant-switcher"
        name="tenantId"
        defaultValue={activeTenantId}
        onChange={() => form.current?.requestSubmit()}
        data-testid="active-tenant"
        className="max-w-44 truncate rounded-md border border-slate-300 bg-white py-1 pr-7 pl-2 text-sm"
      >
        {tenants.map((tenant) => (
          <option key={tenant.tenantId} value={tenant.tenantId}>
            {tenant.tenantName} ({tenant.role})
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="text-sm underline">
          Switch
        </button>
      </noscript>
    </form>
  )
}
