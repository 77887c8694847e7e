/** Price of one model in US dollars per million tokens. */
export type ModelPrice = { inputPerMillion: number; outputPerMillion: number }

/** Known list prices (USD per 1M tokens), keyed by `provider:model`. Unknown models have no price. */
export const MODEL_PRICES: Readonly<Record<string, ModelPrice>> = {
  'openai:gpt-4.1': { inputPerMillion: 2, outputPerMillion: 8 },
  'openai:gpt-4.1-mini': { inputPerMillion: 0.4, outputPerMillion: 1.6 },
  'openai:gpt-4.1-nano': { inputPerMillion: 0.1, outputPerMillion: 0.4 },
  'openai:gpt-4o': { inputPerMillion: 2.5, outputPerMillion: 10 },
  'openai:gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6 },
  'anthropic:claude-sonnet-4-5': { inputPerMillion: 3, outputPerMillion: 15 },
  'anthropic:claude-haiku-4-5': { inputPerMillion: 1, outputPerMillion: 5 },
  'anthropic:claude-opus-4-1': { inputPerMillion: 15, outputPerMillion: 75 },
}

/** Providers whose calls cost nothing (the offline demo model, local servers are not assumed free). */
const FREE_PROVIDERS = new Set(['demo'])

/** The provider family of an AI SDK provider id: `openai.chat` → `openai`. */
export function providerFamily(provider: string): string {
  const dot = provider.indexOf('.')
  return dot === -1 ? provider : provider.slice(0, dot)
}

/** The price of a model, or null when it is not in the table. */
export function priceOf(provider: string, modelId: string): ModelPrice | null {
  const family = providerFamily(provider)
  if (FREE_PROVIDERS.has(family)) return { inputPerMillion: 0, outputPerMillion: 0 }
  return MODEL_PRICES[`${family}:${modelId}`] ?? null
}

/** Estimated cost in USD of one call's tokens, or null when the model's price is unknown. */
export function estimateCostUsd(
  provider: string,
  modelId: string,
  usage: { inputTokens: number; outputTokens: number },
): number | null {
  const price = priceOf(provider, modelId)
  if (price === null) return null
  return (usage.inputTokens * price.inputPerMillion + usage.outputTokens * price.outputPerMillion) / 1_000_000
}
