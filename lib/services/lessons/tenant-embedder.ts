import type { SecretsBackend } from '../../adapters/models/secrets'
import { resolveEmbeddingModel } from '../../adapters/models/resolve'
import type { Embedder } from '../../core/reflexion/embedder'
import { defaultEmbedder } from './embedders'
import { OFFLINE_EMBEDDING_MODEL } from './embedding-settings'
import { embedMany } from 'ai'

/**
 * An embedder over a provider's embedding model (`openai:…`, `compatible:…`), resolved with the
 * tenant's keys through the model resolution. Its id is the model string; the dimension is whatever
 * the provider returns (recorded per vector), so any dimension works.
 */
export function providerEmbedder(model: string, secrets: SecretsBackend): Embedder {
  let dimensions = 0
  return {
    id: model,
    get dimensions() {
      return dimensions
    },
    async embed(texts) {
      if (texts.length === 0) return []
      const resolved = await resolveEmbeddingModel(model, secrets)
      const { embeddings } = await embedMany({ model: resolved, values: texts, maxRetries: 1 })
      if (embeddings.length !== texts.length || embeddings.some((vector) => vector.length === 0))
        throw new Error(`The embedding model ${model} returned ${embeddings.length} vectors for ${texts.length} texts.`)
      dimensions = embeddings[0].length
      return embeddings
    },
  }
}

/** The embedder of a model setting: the offline default, or a provider's model with the tenant's keys. */
export function embedderForModel(model: string, secrets: SecretsBackend): Embedder {
  return model === OFFLINE_EMBEDDING_MODEL ? defaultEmbedder() : providerEmbedder(model, secrets)
}

/** The embedder id a model setting writes into `lessons.embedder`. */
export function embedderIdForModel(model: string): string {
  return model === OFFLINE_EMBEDDING_MODEL ? defaultEmbedder().id : model
}
