import crypto from 'node:crypto'

/** How long the link of a sign-up mail works. */
export const SIGN_UP_LINK_LIFETIME_HOURS = 24

/** A new sign-up link token: 32 random bytes, URL-safe. It is mailed once and stored hashed. */
export function generateSignUpToken(): string {
  return crypto.randomBytes(32).toString('base64url')
}

/** The SHA-256 (hex) under which a sign-up token is stored. */
export function hashSignUpToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex')
}
