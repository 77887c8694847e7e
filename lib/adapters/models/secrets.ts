/** Where model credentials come from: environment variables, or a tenant's stored keys. */
export interface SecretsBackend {
  /** The secret's value, or undefined when it is not configured. */
  get(name: string): Promise<string | undefined>
  /**
   * Whether a tenant (not the operator) supplied this value, so a URL in it must pass the outbound
   * guard. Absent means every value is the operator's (environment, scripts, tests).
   */
  fromTenant?(name: string): Promise<boolean>
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
