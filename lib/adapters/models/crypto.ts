import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** Where the secrets key comes from: SECRETS_KEY, or outside production a key generated once into DATA_DIR. */
export type SecretsKeySource = { secretsKey?: string; dataDir: string; production: boolean }

function decodeKey(text: string): Buffer {
  const trimmed = text.trim()
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64')
  if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes, as 64 hex digits or base64')
  return key
}

/**
 * The AES-256 key for provider secrets at rest. In production SECRETS_KEY is required; elsewhere
 * a random key is generated once into DATA_DIR/secrets.key (mode 0600) and reused.
 */
export function loadSecretsKey(source: SecretsKeySource): Buffer {
  if (source.secretsKey) return decodeKey(source.secretsKey)
  if (source.production) throw new Error('SECRETS_KEY is required in production (32 bytes, hex or base64)')
  const file = path.join(source.dataDir, 'secrets.key')
  fs.mkdirSync(source.dataDir, { recursive: true })
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return decodeKey(fs.readFileSync(file, 'utf8'))
}

/** Encrypts with AES-256-GCM; returns base64(iv | tag | ciphertext). */
export function encryptSecret(key: Buffer, plaintext: string): string {
  const iv = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')
}

/** Decrypts what `encryptSecret` wrote; throws when the key is wrong or the data was altered. */
export function decryptSecret(key: Buffer, sealed: string): string {
  const data = Buffer.from(sealed, 'base64')
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, data.subarray(0, 12))
  decipher.setAuthTag(data.subarray(12, 28))
  return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8')
}
