import crypto from 'node:crypto'

/** How long an invitation stays valid. */
export const INVITATION_LIFETIME_DAYS = 7

/** A new single-use invitation code: 24 random bytes, URL-safe. It is shown once and stored hashed. */
export function generateInvitationCode(): string {
  return crypto.randomBytes(24).toString('base64url')
}

/** The SHA-256 (hex) under which an invitation code is stored. */
export function hashInvitationCode(code: string): string {
  return crypto.createHash('sha256').update(code, 'utf8').digest('hex')
}
