'use server'

import { action } from '@/lib/boundary/actions/action'
import {
  modelSettingsForm,
  recallSettingsForm,
  removeProviderKeyForm,
  saveProviderKeyForm,
} from '@/lib/services/admin/settings-forms'

const revalidate = ['/settings']

/** Saves or replaces a provider key (encrypted; audited without the key). */
export const saveProviderKeyAction = action(saveProviderKeyForm, { revalidate })

/** Removes a provider key (audited). */
export const removeProviderKeyAction = action(removeProviderKeyForm, { revalidate })

/** Saves the default model and the support agent's redaction (audited). */
export const modelSettingsAction = action(modelSettingsForm, { revalidate })

/** Saves the relevance floor and the embedding model; a new model re-embeds lessons in the background (audited). */
export const recallSettingsAction = action(recallSettingsForm, { revalidate })
