import 'server-only'
import type { Caller } from '@/lib/auth/caller'
import { effectiveAgentModel, modelDisplayLabel } from '@/lib/runs/run-models'
import { tenantRunSettings } from '@/lib/runs/tenant-run-settings'
import { loadTenantSettings } from '@/lib/tenants/tenant-settings'

/** The agent model a task with an empty model field runs on, for the caller's tenant, as shown to people. */
export async function defaultAgentModelLabel(caller: Caller): Promise<string> {
  const settings = tenantRunSettings(await loadTenantSettings(caller))
  return modelDisplayLabel(effectiveAgentModel(undefined, settings.defaultModel))
}
