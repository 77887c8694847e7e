'use server'

import { action } from '@/lib/actions/action'
import { retentionForm } from '@/lib/retention/forms'

/** Sets or clears how many days finished runs are kept (audited). */
export const retentionAction = action(retentionForm, { revalidate: ['/settings/data'] })
