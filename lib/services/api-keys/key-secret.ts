import crypto from 'node:crypto'

/** Every key starts with this, so a leaked key is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'rsk_'

/** Characters of a key shown in lists (the prefix and 8 more): enough to recognise, useless to use. */
const SHOWN_CHARACTERS = API_KEY_PREFIX.length + 8

/**
 * A new key: 32 random bytes (256 bits), so a single SHA-256 is the right hash — there is nothing
 * to guess, unlike a password, and a fast lookup by hash keeps every request one indexed query.
 */
export function generateApiKey(): { secret: string; prefix: string; secretHash: string } {
  const secret = `${API_KEY_PREFIX}${crypto.randomBytes(32).toString('base64url')}`
  return { secret, prefix: secret.slice(0, SHOWN_CHARACTERS), secretHash: hashApiKey(secret) }
}

/** The stored form of a key: hex SHA-256. */
export function hashApiKey(secret: string): string {
  return crypto.createHash('sha256').update(secret, 'utf8').digest('hex')
}

/** Whether a string looks like one of our keys (cheap refusal before any query). */
export function looksLikeApiKey(value: string): boolean {
  return value.startsWith(API_KEY_PREFIX) && value.length >= SHOWN_CHARACTERS + 8 && value.length <= 200
}
