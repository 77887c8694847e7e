'use server'

import { action } from '@/lib/boundary/actions/action'
import { memberQuotaForm, tenantQuotaForm } from '@/lib/services/admin/settings-forms'

const revalidate = ['/settings/quotas']

/** Sets the tenant's default daily run quota (audited). */
export const tenantQuotaAction = action(tenantQuotaForm, { revalidate })

/** Sets or clears one member's quota override (audited). */
export const memberQuotaAction = action(memberQuotaForm, { revalidate })
