'use server'

import { action } from '@/lib/boundary/actions/action'
import { retentionForm } from '@/lib/services/retention/forms'

/** Sets or clears how many days finished runs are kept (audited). */
export const retentionAction = action(retentionForm, { revalidate: ['/settings/data'] })
