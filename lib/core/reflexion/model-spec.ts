import type { LanguageModelV4 } from '@ai-sdk/provider'

/** A model as the engine accepts it: an AI SDK v4 language model, or a `provider:model` string for `resolveModel`. */
export type ModelSpec = string | LanguageModelV4

/**
 * Turns a `provider:model` string into a model. The app supplies it (`lib/adapters/models`), so the engine
 * itself never reads credentials or knows a provider SDK.
 */
export type ModelResolver = (name: string) => Promise<LanguageModelV4>
