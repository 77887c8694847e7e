import type { Embedder } from '../../core/reflexion/embedder'
import { HashEmbedder } from '../../core/reflexion/hash-embedder'
import { cjkShare, englishShare, lexicalSimilarity } from '../../core/reflexion/text-features'
import { cosineSimilarity } from '../../core/reflexion/hash-embedder'
import { SENTENCE_ENCODER_DIMENSIONS, encodeSentences } from './sentence-encoder'
import { glossChinese, isChineseText, loadChineseDictionary } from './chinese-gloss'

/** How the two parts are weighted; measured on tests/fixtures/recall (see bench/RESULTS.md). */
export type MeaningEmbedderOptions = { semanticWeight?: number; hashDimensions?: number; glossWeight?: number }

/**
 * The measured defaults: the sentence encoder carries most of the meaning, the hash the words and CJK;
 * a Chinese text's English gloss gets `glossWeight` of the encoder's weight for its Chinese share.
 */
export const MEANING_EMBEDDER_DEFAULTS = { semanticWeight: 0.8, hashDimensions: 1024, glossWeight: 0.7 } as const

/**
 * The offline default lesson embedder: the sentence encoder's vector and the HashEmbedder's vector
 * side by side, scaled so the cosine of two texts is a weighted sum of the two cosines. The encoder
 * only knows English, so its weight shrinks with the share of CJK letters and of non-English function
 * words in the text (a Spanish or Japanese text is compared by its characters and words alone). A
 * Chinese text is encoded by its word-by-word English gloss (CC-CEDICT), which takes part of the
 * weight back, so a Chinese task meets an English lesson and the other way round.
 */
export class MeaningEmbedder implements Embedder {
  readonly id: string
  readonly dimensions: number
  private readonly hash: HashEmbedder
  private readonly semanticWeight: number
  private readonly glossWeight: number

  constructor(options: MeaningEmbedderOptions = {}) {
    this.semanticWeight = options.semanticWeight ?? MEANING_EMBEDDER_DEFAULTS.semanticWeight
    this.glossWeight = options.glossWeight ?? MEANING_EMBEDDER_DEFAULTS.glossWeight
    this.hash = new HashEmbedder({ dimensions: options.hashDimensions ?? MEANING_EMBEDDER_DEFAULTS.hashDimensions })
    this.dimensions = SENTENCE_ENCODER_DIMENSIONS + this.hash.dimensions
    const gloss = this.glossWeight > 0 ? `+zh-gloss@${this.glossWeight}` : ''
    this.id = `use-lite+${this.hash.id}@${this.semanticWeight}${gloss}`
  }

  /**
   * The weight of the sentence encoder for a text: full for English, none for Japanese, Korean or
   * other languages, and for Chinese the gloss weight of its Chinese share.
   */
  semanticWeightOf(text: string): number {
    const cjk = cjkShare(text)
    const glossed = isChineseText(text) ? cjk * this.glossWeight : 0
    return this.semanticWeight * ((1 - cjk) * englishShare(text) + glossed)
  }

  /** What the sentence encoder reads for a text: the text, or for Chinese its English gloss. */
  private async encoderTexts(texts: string[]): Promise<string[]> {
    if (this.glossWeight === 0 || !texts.some(isChineseText)) return texts
    const dictionary = await loadChineseDictionary()
    return texts.map((text) => (isChineseText(text) ? glossChinese(text, dictionary) : text))
  }

  /**
   * The share of the full semantic weight a text gets (0..1): recall's floor moves with it. A glossed
   * Chinese share counts in full: its cosine is mostly the encoder's, which runs high between any two
   * English texts, so it needs the full floor (at the lexical floor unrelated Chinese tasks recalled).
   */
  semanticShare(text: string): number {
    if (this.semanticWeight === 0) return 0
    if (this.glossWeight === 0 || !isChineseText(text)) return this.semanticWeightOf(text) / this.semanticWeight
    const cjk = cjkShare(text)
    return (1 - cjk) * englishShare(text) + cjk
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
    const sentences = await encodeSentences(await this.encoderTexts(texts))
    return texts.map((text, position) => {
      const weight = this.semanticWeightOf(text)
      const semantic = Math.sqrt(weight)
      const lexical = Math.sqrt(1 - weight)
      const hashed = this.hash.embedOne(text)
      const hashZero = hashed.every((value) => value === 0)
      // Chinese made only of grammatical words ("个了") has an empty gloss: nothing for the encoder.
      const sentenceZero = sentences[position].every((value) => value === 0)
      // A text with no lexical features keeps its whole length in the encoder part (and vice versa).
      const [left, right] = hashZero ? [1, 0] : sentenceZero ? [0, 1] : [semantic, lexical]
      return [...sentences[position].map((value) => value * left), ...hashed.map((value) => value * right)]
    })
  }
}
