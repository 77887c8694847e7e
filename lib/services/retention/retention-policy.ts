import { z } from 'zod'

/** The range of a run retention policy, in days. */
export const RETENTION_DAYS_RANGE = { min: 1, max: 3650 } as const

/** The retention key of a tenant's settings JSON: days finished runs are kept; absent or null keeps them. */
const retentionSettingsSchema = z.object({
  runRetentionDays: z
    .number()
    .int()
    .min(RETENTION_DAYS_RANGE.min)
    .max(RETENTION_DAYS_RANGE.max)
    .nullable()
    .optional()
    .catch(undefined),
})

/** How many days a tenant keeps finished runs and their events; null keeps them for ever. */
export function runRetentionDaysOf(settings: unknown): number | null {
  const parsed = retentionSettingsSchema.safeParse(settings && typeof settings === 'object' ? settings : {})
  return (parsed.success ? parsed.data.runRetentionDays : null) ?? null
}

/** The moment before which a finished run is past a policy of `days` days. */
export function retentionCutoff(days: number, now: Date): Date {
  return new Date(now.getTime() - days * 24 * 60 * 60 * 1000)
}

/** Statuses of runs that retention may delete: a run still queued or running is never touched. */
export const PURGEABLE_STATUSES = ['succeeded', 'failed', 'interrupted', 'cancelled'] as const
