import type { Embedder } from './embedder'

function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (let position = 0; position < text.length; position++) {
    hash ^= text.charCodeAt(position)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/** Words of a text, lowercased, letters and digits of any script. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
}

/**
 * A deterministic offline embedder: word unigrams and character trigrams hashed (FNV-1a) into
 * `dimensions` buckets with a sign bit, then L2-normalised. Good enough to rank lessons by shared words.
 */
export class HashEmbedder implements Embedder {
  readonly dimensions: number
  readonly id: string

  constructor(options: { dimensions?: number } = {}) {
    this.dimensions = options.dimensions ?? 256
    this.id = `hash-fnv1a-${this.dimensions}`
  }

  /** Embeds one text synchronously. */
  embedOne(text: string): number[] {
    const vector = new Array<number>(this.dimensions).fill(0)
    const add = (feature: string, weight: number) => {
      const hash = fnv1a(feature)
      vector[hash % this.dimensions] += hash & 0x80000000 ? -weight : weight
    }
    const tokens = words(text)
    for (const word of tokens) add(`w:${word}`, 1)
    const joined = ` ${tokens.join(' ')} `
    for (let position = 0; position + 3 <= joined.length; position++)
      add(`c:${joined.slice(position, position + 3)}`, 0.5)
    const norm = Math.hypot(...vector)
    return norm === 0 ? vector : vector.map((value) => value / norm)
  }

  async embed(texts: string[]): Promise<number[][]> {
    return texts.map((text) => this.embedOne(text))
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
