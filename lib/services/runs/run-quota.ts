import { AppError } from '../../errors'

/** Midnight UTC of the day `now` falls in: quotas count runs started since then. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
}

/** The member's daily quota: the membership's own, else the tenant default, else unlimited (null). */
export function effectiveQuota(
  membershipQuota: number | null | undefined,
  tenantDefault: number | null | undefined,
): number | null {
  return membershipQuota ?? tenantDefault ?? null
}

/** Refuses a run beyond the quota with a message that says the limit and when it resets. */
export function assertWithinQuota(startedToday: number, quota: number | null): void {
  if (quota === null || startedToday < quota) return
  throw new AppError(
    'quota_exceeded',
    `You have started ${startedToday} run${startedToday === 1 ? '' : 's'} today, which is your daily limit of ${quota}. ` +
      'The count resets at midnight UTC; an admin can raise your quota.',
  )
}
