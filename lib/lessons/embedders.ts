import { embedMany } from 'ai'
import type { EmbeddingModelV4 } from '@ai-sdk/provider'
import type { Embedder } from '../reflexion/embedder'
import { HashEmbedder } from '../reflexion/hash-embedder'

/** The default lesson embedder: the offline 256-dimension HashEmbedder of the engine. */
export function defaultEmbedder(): Embedder {
  return new HashEmbedder({ dimensions: 256 })
}

/** An Embedder over an AI SDK embedding model (e.g. `openai:text-embedding-3-small`). */
export function aiSdkEmbedder(model: EmbeddingModelV4, dimensions: number): Embedder {
  return {
    id: `${model.provider}:${model.modelId}:${dimensions}`,
    dimensions,
    async embed(texts) {
      if (texts.length === 0) return []
      const { embeddings } = await embedMany({ model, values: texts, maxRetries: 2 })
      return embeddings
    },
  }
}
