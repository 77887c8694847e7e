/**
 * The sign-in limits. Failures are counted in a sliding window per account, per client address and
 * per account-and-address pair. Nothing locks the owner out: an account under attack from many
 * addresses is slowed down (a growing wait between tries), and an address guessing one account is
 * stopped for that account only; an address the account signed in from before is not slowed.
 */
export const SIGN_IN_POLICY = {
  windowMinutes: 15,
  /** Failures of one account (from anywhere) before each further try must wait. */
  freeFailuresPerAccount: 5,
  /** The first wait, doubling with each further failure, up to maxBackoffSeconds. */
  baseBackoffSeconds: 2,
  maxBackoffSeconds: 60,
  /** Failures of one account from one address before that address may not try it again in the window. */
  maxFailuresPerPair: 5,
  maxFailuresPerAddress: 20,
  /** How long an address stays known for an account after a successful sign-in from it. */
  knownAddressDays: 30,
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

/** The key of one account's attempts from one address. */
export function pairKey(email: string, address: string): string {
  return `pair:${email.trim().toLowerCase()}|${address}`
}

/** How long to hold a failed answer, growing with the recent failures of that account. */
export function failureDelayMs(recentFailures: number): number {
  return Math.min(SIGN_IN_POLICY.maxDelayMs, Math.max(1, recentFailures) * SIGN_IN_POLICY.delayPerFailureMs)
}

/** How long after its latest failure an account may be tried again, given its failures in the window. */
export function accountBackoffSeconds(recentFailures: number): number {
  const { freeFailuresPerAccount, baseBackoffSeconds, maxBackoffSeconds } = SIGN_IN_POLICY
  if (recentFailures < freeFailuresPerAccount) return 0
  const doublings = Math.min(30, recentFailures - freeFailuresPerAccount)
  return Math.min(maxBackoffSeconds, baseBackoffSeconds * 2 ** doublings)
}

/** Why a sign-in is refused before the password is even checked, or null when it may proceed. */
export type SignInBlock =
  | { reason: 'account_slowed'; until: Date }
  | { reason: 'pair_limited'; until: Date }
  | { reason: 'address_limited'; until: Date }

function waitText(until: Date, now: Date): string {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

/** The message shown for a block: says what happened and when to try again. */
export function blockMessage(block: SignInBlock, now: Date): string {
  const wait = waitText(block.until, now)
  switch (block.reason) {
    case 'account_slowed':
      return `Too many failed sign-ins for this account. Try again in ${wait}.`
    case 'pair_limited':
      return `Too many failed sign-ins for this account from your network. Try again in ${wait}.`
    case 'address_limited':
      return `Too many failed sign-ins from your network. Try again in ${wait}.`
  }
}
