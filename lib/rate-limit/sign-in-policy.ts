/**
 * The sign-in limits: failures counted in a sliding window per account and per client address,
 * a lock on the account after too many, and a short delay after each failure.
 */
export const SIGN_IN_POLICY = {
  windowMinutes: 15,
  maxFailuresPerAccount: 5,
  maxFailuresPerAddress: 20,
  lockMinutes: 15,
  delayPerFailureMs: 200,
  maxDelayMs: 1000,
} as const

/** The key of an account's attempts in sign_in_attempts. */
export function accountKey(email: string): string {
  return `account:${email.trim().toLowerCase()}`
}

/** The key of a client address's attempts in sign_in_attempts. */
export function addressKey(address: string): string {
  return `ip:${address}`
}

/** How long to hold a failed answer, growing with the recent failures of that account. */
export function failureDelayMs(recentFailures: number): number {
  return Math.min(SIGN_IN_POLICY.maxDelayMs, Math.max(1, recentFailures) * SIGN_IN_POLICY.delayPerFailureMs)
}

/** Why a sign-in is refused before the password is even checked, or null when it may proceed. */
export type SignInBlock = { reason: 'account_locked'; until: Date } | { reason: 'address_limited'; until: Date }

/** The message shown for a block: says what happened and when to try again. */
export function blockMessage(block: SignInBlock, now: Date): string {
  const minutes = Math.max(1, Math.ceil((block.until.getTime() - now.getTime()) / 60_000))
  return block.reason === 'account_locked'
    ? `This account is locked after ${SIGN_IN_POLICY.maxFailuresPerAccount} failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
    : `Too many failed sign-ins from your network. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}
