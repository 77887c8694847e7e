import type { Embedder } from '../reflexion/embedder'
import { HashEmbedder } from '../reflexion/hash-embedder'
import { cjkShare, englishShare, lexicalSimilarity } from '../reflexion/text-features'
import { cosineSimilarity } from '../reflexion/hash-embedder'
import { SENTENCE_ENCODER_DIMENSIONS, encodeSentences } from './sentence-encoder'

/** How the two parts are weighted; measured on tests/fixtures/recall (see bench/RESULTS.md). */
export type MeaningEmbedderOptions = { semanticWeight?: number; hashDimensions?: number }

/** The measured defaults: the sentence encoder carries most of the meaning, the hash the words and CJK. */
export const MEANING_EMBEDDER_DEFAULTS = { semanticWeight: 0.8, hashDimensions: 1024 } as const

/**
 * The offline default lesson embedder: the sentence encoder's vector and the HashEmbedder's vector
 * side by side, scaled so the cosine of two texts is a weighted sum of the two cosines. The encoder
 * only knows English, so its weight shrinks with the share of CJK letters and of non-English function
 * words in the text (a Chinese or Spanish text is compared by its characters and words alone).
 */
export class MeaningEmbedder implements Embedder {
  readonly id: string
  readonly dimensions: number
  private readonly hash: HashEmbedder
  private readonly semanticWeight: number

  constructor(options: MeaningEmbedderOptions = {}) {
    this.semanticWeight = options.semanticWeight ?? MEANING_EMBEDDER_DEFAULTS.semanticWeight
    this.hash = new HashEmbedder({ dimensions: options.hashDimensions ?? MEANING_EMBEDDER_DEFAULTS.hashDimensions })
    this.dimensions = SENTENCE_ENCODER_DIMENSIONS + this.hash.dimensions
    this.id = `use-lite+${this.hash.id}@${this.semanticWeight}`
  }

  /** The weight of the sentence encoder for a text: full for English, none for CJK or other languages. */
  semanticWeightOf(text: string): number {
    return this.semanticWeight * (1 - cjkShare(text)) * englishShare(text)
  }

  /** The share of the full semantic weight a text gets (0..1): recall's floor moves with it. */
  semanticShare(text: string): number {
    return this.semanticWeight === 0 ? 0 : this.semanticWeightOf(text) / this.semanticWeight
  }

  /** How long a text's hashed part is in its vector: none when the text has no lexical features. */
  private lexicalLength(text: string, hashed: number[]): number {
    return hashed.every((value) => value === 0) ? 0 : Math.sqrt(1 - this.semanticWeightOf(text))
  }

  /**
   * The similarity with its hashed part replaced by the exact lexical cosine of the two texts: the
   * vectors' cosine is the encoder's part plus lengthQ·lengthL·cos(hashed), and only the latter changes.
   */
  exactSimilarity(query: string, lesson: string, similarity: number): number {
    const [left, right] = [this.hash.embedOne(query), this.hash.embedOne(lesson)]
    const length = this.lexicalLength(query, left) * this.lexicalLength(lesson, right)
    if (length === 0) return similarity
    return similarity + length * (lexicalSimilarity(query, lesson) - cosineSimilarity(left, right))
  }

  async embed(texts: string[]): Promise<number[][]> {
    const sentences = await encodeSentences(texts)
    return texts.map((text, position) => {
      const weight = this.semanticWeightOf(text)
      const semantic = Math.sqrt(weight)
      const lexical = Math.sqrt(1 - weight)
      const hashed = this.hash.embedOne(text)
      const hashZero = hashed.every((value) => value === 0)
      // A text with no lexical features keeps its whole length in the encoder part (and vice versa).
      const [left, right] = hashZero ? [1, 0] : [semantic, lexical]
      return [...sentences[position].map((value) => value * left), ...hashed.map((value) => value * right)]
    })
  }
}
