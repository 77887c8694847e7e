import { z } from 'zod'

/** The run-related keys of a tenant's settings JSON (other keys belong to other features). */
export const tenantRunSettingsSchema = z.object({
  /** Model string used when a task leaves the agent model empty. */
  defaultModel: z.string().min(1).optional().catch(undefined),
  /** Runs a member may start per day when their membership sets no quota; absent = unlimited. */
  dailyRunQuota: z.number().int().min(0).nullable().optional().catch(undefined),
  /** Delay of each offline demo model call, to watch a demo run progress. */
  demoLatencyMs: z.number().int().min(0).max(10_000).optional().catch(undefined),
})

/** What a tenant's settings say about runs. */
export type TenantRunSettings = z.infer<typeof tenantRunSettingsSchema>

/** Reads the run settings out of a tenant's settings JSON, ignoring what does not parse. */
export function tenantRunSettings(settings: unknown): TenantRunSettings {
  const parsed = tenantRunSettingsSchema.safeParse(settings && typeof settings === 'object' ? settings : {})
  return parsed.success ? parsed.data : {}
}
