import crypto from 'node:crypto'

/** Header names of a delivery (documented in the README and the API reference). */
export const WEBHOOK_HEADERS = {
  id: 'Reflexion-Webhook-Id',
  event: 'Reflexion-Webhook-Event',
  timestamp: 'Reflexion-Webhook-Timestamp',
  signature: 'Reflexion-Webhook-Signature',
} as const

/** How old (or how far ahead) a delivery's timestamp may be when a receiver checks it: 5 minutes. */
export const WEBHOOK_TOLERANCE_SECONDS = 300

/** A new signing secret (shown once when the endpoint is added). */
export function generateWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64url')}`
}

/** `v1=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>`: the signature header's value. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`
}

/**
 * What a receiver does: recompute the signature over the timestamp and the raw body, compare in
 * constant time, and refuse timestamps outside the replay window. Exported for receivers and tests.
 */
export function verifyWebhook(
  secret: string,
  headers: { timestamp: string | null; signature: string | null },
  body: string,
  now = Date.now(),
): { ok: true } | { ok: false; reason: string } {
  const timestamp = Number(headers.timestamp)
  if (!Number.isInteger(timestamp)) return { ok: false, reason: 'no timestamp' }
  if (Math.abs(now / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS)
    return { ok: false, reason: 'outside the replay window' }
  const expected = Buffer.from(signWebhook(secret, timestamp, body))
  const given = (headers.signature ?? '').split(/[\s,]+/).map((part) => Buffer.from(part))
  const match = given.some(
    (candidate) => candidate.length === expected.length && crypto.timingSafeEqual(candidate, expected),
  )
  return match ? { ok: true } : { ok: false, reason: 'signature mismatch' }
}
