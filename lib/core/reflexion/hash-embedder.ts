import type { Embedder } from './embedder'
import { lexicalSimilarity, textFeatures } from './text-features'

function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (let position = 0; position < text.length; position++) {
    hash ^= text.charCodeAt(position)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/** The default number of hashed buckets: few enough collisions for lesson-sized texts, still indexable by HNSW. */
export const HASH_EMBEDDER_DIMENSIONS = 1024

/**
 * A deterministic offline embedder: the text's content words, their character trigrams and CJK
 * character bigrams (see text-features) hashed (FNV-1a) into `dimensions` buckets with a sign bit,
 * then L2-normalised. Ranks lessons by shared words and characters, in any script; no meaning.
 */
export class HashEmbedder implements Embedder {
  readonly dimensions: number
  readonly id: string

  constructor(options: { dimensions?: number } = {}) {
    this.dimensions = options.dimensions ?? HASH_EMBEDDER_DIMENSIONS
    // v4: words stemmed by Porter2 (v3 folded accents and dropped single letters); older vectors are re-embedded.
    this.id = `hash-v4-${this.dimensions}`
  }

  /** Embeds one text synchronously. */
  embedOne(text: string): number[] {
    const vector = new Array<number>(this.dimensions).fill(0)
    for (const { feature, weight } of textFeatures(text)) {
      const hash = fnv1a(feature)
      vector[hash % this.dimensions] += hash & 0x80000000 ? -weight : weight
    }
    let norm = 0
    for (const value of vector) norm += value * value
    norm = Math.sqrt(norm)
    return norm === 0 ? vector : vector.map((value) => value / norm)
  }

  async embed(texts: string[]): Promise<number[][]> {
    return texts.map((text) => this.embedOne(text))
  }

  /** All of a hashed vector is word overlap, none is meaning. */
  semanticShare(): number {
    return 0
  }

  /** The exact word and character overlap of the two texts (the hashed vectors approximate it). */
  exactSimilarity(query: string, lesson: string): number {
    return lexicalSimilarity(query, lesson)
  }
}

/** Cosine similarity of two vectors (0 when either is zero). */
export function cosineSimilarity(left: number[], right: number[]): number {
  let dot = 0
  let leftNorm = 0
  let rightNorm = 0
  for (let position = 0; position < left.length; position++) {
    dot += left[position] * (right[position] ?? 0)
    leftNorm += left[position] ** 2
    rightNorm += (right[position] ?? 0) ** 2
  }
  return leftNorm === 0 || rightNorm === 0 ? 0 : dot / Math.sqrt(leftNorm * rightNorm)
}
