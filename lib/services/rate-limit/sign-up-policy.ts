/**
 * The sign-up limit: requests that would make an account (sign up, or an invitation accepted with a
 * new account) counted per client address in a sliding window, and sign-up mails per recipient.
 */
export const SIGN_UP_POLICY = {
  windowMinutes: 60,
  /** Sign-up mails one address may receive per window, however many networks ask (no mail bombing). */
  maxMailsPerRecipient: 3,
} as const

/** Why a sign-up is refused before anything is written: the address asked too often. */
export type SignUpBlock = { reason: 'address_limited'; until: Date }

/**
 * Of the `recent` requests in the window (this one included, sorted oldest first), the index of the one
 * whose leaving the window lets the next request through: refused requests count too, so hammering
 * keeps an address blocked.
 */
export function signUpReleaseIndex(recent: number, limit: number): number {
  return Math.max(0, recent - limit)
}

/** Whether `recent` requests in the window exceed `limit`; `releasedAt` is when the release request entered it. */
export function signUpBlock(recent: number, limit: number, releasedAt: Date | null, now: Date): SignUpBlock | null {
  if (recent <= limit) return null
  return {
    reason: 'address_limited',
    until: new Date((releasedAt ?? now).getTime() + SIGN_UP_POLICY.windowMinutes * 60_000),
  }
}

/** The message shown when limited: says what happened and when to try again. */
export function signUpBlockMessage(block: SignUpBlock, now: Date): string {
  const minutes = Math.max(1, Math.ceil((block.until.getTime() - now.getTime()) / 60_000))
  return `Too many sign-ups from your network. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}
