import { getCaller } from '@/lib/services/auth/session'

/**
 * Marks the page with the tenant it was rendered for (read by FormTenantBinding when a form is
 * submitted). Pages render it through PageHeader; the layout renders one as a fallback.
 */
export async function FormTenantMarker({ tenantId }: { tenantId?: string | null }) {
  const value = tenantId === undefined ? ((await getCaller())?.tenantId ?? '') : (tenantId ?? '')
  return <span hidden data-form-tenant={value} />
}
