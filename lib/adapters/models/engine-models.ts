import type { LanguageModelV4 } from '@ai-sdk/provider'
import type { ModelResolver } from '../../core/reflexion/model-spec'
import { resolveModel } from './resolve'
import type { SecretsBackend } from './secrets'

/** Names whose values are credentials (keys, tokens, passwords): never written to a log. */
export const SECRET_NAME = /KEY|TOKEN|SECRET|PASSWORD/i

/** The provider credentials a secrets backend may answer for. */
export const PROVIDER_KEY_NAMES = ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'COMPATIBLE_API_KEY'] as const

/**
 * Every configured credential value: the provider keys each backend answers (a tenant's stored
 * keys, the environment's) and every environment variable named like a secret.
 */
export async function configuredSecrets(
  backends: readonly SecretsBackend[],
  environment: Record<string, string | undefined> = process.env,
): Promise<string[]> {
  const values = new Set<string>()
  for (const backend of backends)
    for (const name of PROVIDER_KEY_NAMES) {
      const value = await backend.get(name)
      if (value) values.add(value)
    }
  for (const [name, value] of Object.entries(environment)) if (value && SECRET_NAME.test(name)) values.add(value)
  return [...values]
}

/** What the engine needs to accept model strings: a resolver over the backend, and every configured secret to mask. */
export type EngineModelOptions = { resolveModel: ModelResolver; secrets: string[] }

/**
 * Wires model strings for an `Agent` (spread it into the options): `provider:model` strings are
 * resolved through the AI SDK providers with `backend`; `resolve` replaces that (the demo model).
 */
export async function engineModelOptions(
  backend: SecretsBackend,
  resolve: (name: string) => Promise<LanguageModelV4> = (name) => resolveModel(name, backend),
): Promise<EngineModelOptions> {
  return { resolveModel: resolve, secrets: await configuredSecrets([backend]) }
}
