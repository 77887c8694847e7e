'use server'

import { action } from '@/lib/boundary/actions/action'
import { ssoSettingsForm } from '@/lib/services/sso/forms'

/** Saves the tenant's single sign-on settings (audited). */
export const ssoSettingsAction = action(ssoSettingsForm, { revalidate: ['/settings/sso'] })
