import { createAnthropic } from '@ai-sdk/anthropic'
import { createOpenAI } from '@ai-sdk/openai'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import type { EmbeddingModelV4, LanguageModelV4 } from '@ai-sdk/provider'
import type { ModelSpec } from '../../core/reflexion/model-spec'
import { ModelConfigError } from './model-config-error'
import { providerFetch } from './provider-fetch'
import type { SecretsBackend } from './secrets'

/** The provider prefixes a model string may start with (`<prefix>:<model id>`). */
export const MODEL_PREFIXES = ['openai', 'anthropic', 'compatible'] as const
/** One accepted provider prefix. */
export type ModelPrefix = (typeof MODEL_PREFIXES)[number]

export type { ModelSpec }

const EMBEDDING_PREFIXES = ['openai', 'compatible'] as const

/** Splits `provider:model` and checks the prefix against the accepted list. */
export function parseModelString(
  spec: string,
  accepted: readonly string[] = MODEL_PREFIXES,
): { prefix: string; modelId: string } {
  const colon = spec.indexOf(':')
  const prefix = colon === -1 ? '' : spec.slice(0, colon)
  const modelId = colon === -1 ? '' : spec.slice(colon + 1).trim()
  if (!accepted.includes(prefix) || modelId === '') {
    const shown = accepted.map((name) => `'${name}:<model>'`).join(', ')
    throw new ModelConfigError(`Unknown model '${spec}': expected one of ${shown} (e.g. 'openai:gpt-4.1-mini').`)
  }
  return { prefix, modelId }
}

async function requireSecret(secrets: SecretsBackend, name: string, spec: string): Promise<string> {
  const value = await secrets.get(name)
  if (value === undefined) throw new ModelConfigError(`Model '${spec}' needs ${name}, which is not configured.`)
  return value
}

async function compatibleProvider(secrets: SecretsBackend, spec: string) {
  const baseURL = await requireSecret(secrets, 'COMPATIBLE_BASE_URL', spec)
  const apiKey = await secrets.get('COMPATIBLE_API_KEY')
  const fetch = await providerFetch(secrets, 'COMPATIBLE_BASE_URL', spec)
  return createOpenAICompatible({ name: 'compatible', baseURL, apiKey, fetch })
}

async function openaiProvider(secrets: SecretsBackend, apiKey: string, spec: string) {
  const fetch = await providerFetch(secrets, 'OPENAI_BASE_URL', spec)
  return createOpenAI({ apiKey, baseURL: await secrets.get('OPENAI_BASE_URL'), fetch })
}

/** Resolves a model string through the AI SDK providers; a model object is returned as is. */
export async function resolveModel(spec: ModelSpec, secrets: SecretsBackend): Promise<LanguageModelV4> {
  if (typeof spec !== 'string') return spec
  const { prefix, modelId } = parseModelString(spec)
  if (prefix === 'openai') {
    const apiKey = await requireSecret(secrets, 'OPENAI_API_KEY', spec)
    return openaiProvider(secrets, apiKey, spec).then((provider) => provider(modelId))
  }
  if (prefix === 'anthropic') {
    const apiKey = await requireSecret(secrets, 'ANTHROPIC_API_KEY', spec)
    return createAnthropic({ apiKey })(modelId)
  }
  return (await compatibleProvider(secrets, spec)).chatModel(modelId)
}

/** Resolves an embedding model string (`openai:` or `compatible:`); a model object is returned as is. */
export async function resolveEmbeddingModel(
  spec: string | EmbeddingModelV4,
  secrets: SecretsBackend,
): Promise<EmbeddingModelV4> {
  if (typeof spec !== 'string') return spec
  const { prefix, modelId } = parseModelString(spec, EMBEDDING_PREFIXES)
  if (prefix === 'openai') {
    const apiKey = await requireSecret(secrets, 'OPENAI_API_KEY', spec)
    return (await openaiProvider(secrets, apiKey, spec)).embedding(modelId)
  }
  return (await compatibleProvider(secrets, spec)).embeddingModel(modelId)
}
