import 'server-only'
import type { Db } from '../db/client'
import { env } from '../../env'
import { decryptSecret, loadSecretsKey } from './crypto'
import { envSecrets, type SecretsBackend } from './secrets'

/** The providers a tenant may store a key for, and the secret names each key answers. */
export const PROVIDER_SECRET_NAMES = {
  openai: { apiKey: 'OPENAI_API_KEY', baseUrl: 'OPENAI_BASE_URL' },
  anthropic: { apiKey: 'ANTHROPIC_API_KEY', baseUrl: undefined },
  compatible: { apiKey: 'COMPATIBLE_API_KEY', baseUrl: 'COMPATIBLE_BASE_URL' },
} as const

/** A provider a tenant can configure. */
export type Provider = keyof typeof PROVIDER_SECRET_NAMES

/**
 * The process's secrets key (SECRETS_KEY or DATA_DIR/secrets.key). SECRETS_KEY is required where
 * lib/env requires it — production with a PostgreSQL server; the embedded one-machine mode keeps its key in DATA_DIR.
 */
export function secretsKey(): Buffer {
  return loadSecretsKey({
    secretsKey: env.SECRETS_KEY,
    dataDir: env.DATA_DIR,
    production: env.NODE_ENV === 'production' && !!env.DATABASE_URL,
  })
}

/**
 * A secrets backend for one tenant: its stored provider keys (decrypted on first use), falling
 * back to the environment variables for anything the tenant has not stored.
 */
export function tenantSecrets(prisma: Db, tenantId: string, fallback: SecretsBackend = envSecrets()): SecretsBackend {
  let stored: Promise<Map<string, string>> | null = null
  const load = async () => {
    const rows = await prisma.providerSecret.findMany({ where: { tenantId }, omit: { ciphertext: false } })
    const values = new Map<string, string>()
    for (const row of rows) {
      const names = PROVIDER_SECRET_NAMES[row.provider as Provider]
      if (!names) continue
      values.set(names.apiKey, decryptSecret(secretsKey(), row.ciphertext))
      if (names.baseUrl && row.baseUrl) values.set(names.baseUrl, row.baseUrl)
    }
    return values
  }
  return {
    async get(name) {
      stored ??= load()
      return (await stored).get(name) ?? (await fallback.get(name))
    },
    async fromTenant(name) {
      stored ??= load()
      return (await stored).has(name) || ((await fallback.fromTenant?.(name)) ?? false)
    },
  }
}
