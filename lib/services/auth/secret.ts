import 'server-only'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { env } from '../../env'

let cached: string | undefined

/**
 * The key that signs session tokens: NEXTAUTH_SECRET, or (outside production with PostgreSQL) a
 * random key generated once into DATA_DIR/auth-secret, so `npm start` needs no configuration.
 */
export function authSecret(): string {
  if (cached) return cached
  if (env.NEXTAUTH_SECRET) return (cached = env.NEXTAUTH_SECRET)
  const file = path.resolve(env.DATA_DIR, 'auth-secret')
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
  return (cached = fs.readFileSync(file, 'utf8').trim())
}
