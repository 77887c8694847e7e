import { embedMany } from 'ai'
import type { EmbeddingModelV4 } from '@ai-sdk/provider'
import type { Embedder } from '../../core/reflexion/embedder'
import { HashEmbedder } from '../../core/reflexion/hash-embedder'
import { MeaningEmbedder, type MeaningEmbedderOptions } from '../../adapters/embedders/meaning-embedder'

let offline: MeaningEmbedder | null = null

/** The default lesson embedder, offline: sentence meaning plus hashed words and CJK characters (one per process). */
export function defaultEmbedder(): Embedder {
  offline ??= new MeaningEmbedder()
  return offline
}

/**
 * An offline embedder by name, for evaluations: `offline` (the default), `hash[:dimensions]`, or
 * `meaning:<semantic weight>[:<hash dimensions>[:<gloss weight>[:zh]]]` (`meaning:1` is the sentence
 * encoder alone; gloss weight 0 turns the gloss off; `zh` glosses Chinese alone, without the lexicons).
 */
export function offlineEmbedder(name = 'offline'): Embedder {
  if (name === 'offline') return defaultEmbedder()
  const [kind, first, second, third, fourth] = name.split(':')
  if (kind === 'hash') return new HashEmbedder({ dimensions: first ? Number(first) : undefined })
  if (kind === 'meaning') {
    const options: MeaningEmbedderOptions = {}
    if (first) options.semanticWeight = Number(first)
    if (second) options.hashDimensions = Number(second)
    if (third) options.glossWeight = Number(third)
    if (fourth === 'zh') options.lexicons = false
    return new MeaningEmbedder(options)
  }
  throw new Error(
    `Unknown offline embedder "${name}": use offline, hash[:dimensions] or meaning:<weight>[:<dimensions>[:<gloss weight>[:zh]]]`,
  )
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

/**
 * An embedder that embeds each distinct text once and remembers its vector (recall-eval embeds the
 * lessons in one batch, then again one by one as it stores them: a provider would be asked twice).
 */
export function memoizedEmbedder(embedder: Embedder): Embedder {
  const vectors = new Map<string, number[]>()
  return {
    id: embedder.id,
    get dimensions() {
      return embedder.dimensions
    },
    async embed(texts) {
      const missing = [...new Set(texts.filter((text) => !vectors.has(text)))]
      if (missing.length > 0) {
        const embedded = await embedder.embed(missing)
        missing.forEach((text, position) => vectors.set(text, embedded[position]))
      }
      return texts.map((text) => vectors.get(text)!)
    },
  }
}
