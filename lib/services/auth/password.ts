import { hash, verify } from '@node-rs/argon2'

/** Argon2id parameters (OWASP's minimum recommendation: 19 MiB, 2 passes, 1 lane). */
// algorithm 2 is Argon2id (a const enum, which isolatedModules cannot import).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

/** Hashes a password with argon2id; the PHC string carries its own salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS)
}

/** Whether a password matches a stored argon2 hash (false, never a throw, for a malformed hash). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

let decoyHash: Promise<string> | undefined

/** A hash of a random password, verified against when the account does not exist, so timing does not reveal it. */
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(crypto.randomUUID())
  return decoyHash
}
