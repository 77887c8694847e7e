/** Where model credentials come from: environment variables, or a tenant's stored keys. */
export interface SecretsBackend {
  /** The secret's value, or undefined when it is not configured. */
  get(name: string): Promise<string | undefined>
}

/** A secrets backend that reads environment variables (empty strings count as missing). */
export function envSecrets(env: Record<string, string | undefined> = process.env): SecretsBackend {
  return {
    async get(name) {
      const value = env[name]
      return value === undefined || value === '' ? undefined : value
    },
  }
}

/** A secrets backend over a fixed map, for tests and scripts. */
export function staticSecrets(values: Record<string, string>): SecretsBackend {
  return envSecrets({ ...values })
}
