/** How delivery retries a mail the server refused or could not reach. */
export const MAIL_DELIVERY_POLICY = {
  /** Attempts before a mail is given up (it stays in the outbox with its last error). */
  maxAttempts: 8,
  /** How long a process owns a mail it is sending, so another app server does not send it too. */
  leaseSeconds: 120,
  /** Mails sent per pass. */
  batchSize: 20,
  /** How often a process that queued mail looks for mails due again. */
  sweepSeconds: 60,
} as const

/** The wait after the `attempts`-th failed attempt: 1, 2, 4 … minutes, at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(6 * 60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1))
}
