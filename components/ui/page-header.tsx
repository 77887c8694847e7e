import type { ReactNode } from 'react'
import { FormTenantMarker } from '@/components/shell/form-tenant'

/** A page's title (the one h1) and an optional line under it. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string
  description?: ReactNode
  actions?: ReactNode
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {actions}
      <FormTenantMarker />
    </div>
  )
}
