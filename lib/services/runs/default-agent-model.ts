import 'server-only'
import type { Caller } from '../auth/caller'
import { effectiveAgentModel, modelDisplayLabel } from './run-models'
import { tenantRunSettings } from './tenant-run-settings'
import { loadTenantSettings } from '../tenants/tenant-settings'

/** The agent model a task with an empty model field runs on, for the caller's tenant, as shown to people. */
export async function defaultAgentModelLabel(caller: Caller): Promise<string> {
  const settings = tenantRunSettings(await loadTenantSettings(caller))
  return modelDisplayLabel(effectiveAgentModel(undefined, settings.defaultModel))
}
