'use server'

import { action } from '@/lib/boundary/actions/action'
import { createApiKeyForm, revokeApiKeyForm } from '@/lib/services/api-keys/forms'

const revalidate = ['/settings/api-keys']

/** Creates an API key (audited); the secret is in the result, once. */
export const createApiKeyAction = action(createApiKeyForm, { revalidate })

/** Revokes an API key at once (audited). */
export const revokeApiKeyAction = action(revokeApiKeyForm, { revalidate })
