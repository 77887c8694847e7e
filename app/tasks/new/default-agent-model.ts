import 'server-only'
import type { Caller } from '@/lib/auth/caller'
import { getPrisma } from '@/lib/db/client'
import { effectiveAgentModel, modelDisplayLabel } from '@/lib/runs/run-models'
import { tenantRunSettings } from '@/lib/runs/tenant-run-settings'

/** The agent model a task with an empty model field runs on, for the caller's tenant, as shown to people. */
export async function defaultAgentModelLabel(caller: Caller): Promise<string> {
  const prisma = await getPrisma()
  const tenant = await prisma.tenant.findUnique({ where: { id: caller.tenantId }, select: { settings: true } })
  return modelDisplayLabel(effectiveAgentModel(undefined, tenantRunSettings(tenant?.settings).defaultModel))
}
