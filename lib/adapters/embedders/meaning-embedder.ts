import type { Embedder } from '../../core/reflexion/embedder'
import { BoundedCache } from '../../core/reflexion/bounded-cache'
import { HashEmbedder } from '../../core/reflexion/hash-embedder'
import { cjkShare, englishShare, lexicalSimilarity, textFeatures } from '../../core/reflexion/text-features'
import { cosineSimilarity } from '../../core/reflexion/hash-embedder'
import { SENTENCE_ENCODER_DIMENSIONS, encodeSentences } from './sentence-encoder'
import { glossChinese, isChineseText, loadChineseDictionary, type ChineseDictionary } from './chinese-gloss'
import { detectLanguage } from './language-detection'
import { LEXICONS_VERSION, glossLexicons } from './lexicon'
import { glossSegmented, glossSpaced } from './lexicon-gloss'

/** The words a text's hashed part counts: its gloss's, or its own where the gloss has none (Chinese particles: "个了"). */
function lexicalText(read: string, text: string): string {
  return textFeatures(read).length > 0 ? read : text
}

/** How many texts' languages an embedder remembers. */
const LANGUAGE_CACHE_SIZE = 512

/** How many lessons' keyword texts (glosses) an embedder remembers: glossing one costs ~0.3 ms. */
const KEYWORD_CACHE_SIZE = 4_096

/** The glossed languages written in CJK scripts (segmented, not split at spaces; Latin words among them read as they are). */
const CJK_GLOSSES = new Set(['zh', 'ja', 'ko'])

/**
 * How the two parts are weighted; measured on tests/fixtures/recall (see bench/RESULTS.md). `lexicons`
 * false glosses Chinese alone (the embedder before the lexicons, for before/after evaluations).
 */
export type MeaningEmbedderOptions = {
  semanticWeight?: number
  hashDimensions?: number
  glossWeight?: number
  lexicons?: boolean
}

/**
 * The measured defaults: the sentence encoder carries most of the meaning, the hash the words and CJK;
 * a text in another language gets `glossWeight` of the encoder's weight for its English gloss.
 */
export const MEANING_EMBEDDER_DEFAULTS = { semanticWeight: 0.8, hashDimensions: 1024, glossWeight: 0.7 } as const

/**
 * The offline default lesson embedder: the sentence encoder's vector and the HashEmbedder's vector
 * side by side, scaled so the cosine of two texts is a weighted sum of the two cosines. The encoder
 * only knows English, so a text in another language is encoded by its word-by-word English gloss
 * (Chinese from CC-CEDICT, Spanish, French, German, Italian, Portuguese, Russian and Japanese from the
 * lexicons in `lexicons/`), at `glossWeight` of the encoder's weight: a French task meets an English
 * lesson, and the other way round. A text in a language without a gloss (Korean, …) is compared by
 * its characters and words alone.
 */
export class MeaningEmbedder implements Embedder {
  readonly id: string
  readonly dimensions: number
  private readonly hash: HashEmbedder
  private readonly semanticWeight: number
  private readonly glossWeight: number
  private readonly lexicons: boolean

  constructor(options: MeaningEmbedderOptions = {}) {
    this.semanticWeight = options.semanticWeight ?? MEANING_EMBEDDER_DEFAULTS.semanticWeight
    this.glossWeight = options.glossWeight ?? MEANING_EMBEDDER_DEFAULTS.glossWeight
    this.lexicons = options.lexicons ?? true
    this.hash = new HashEmbedder({ dimensions: options.hashDimensions ?? MEANING_EMBEDDER_DEFAULTS.hashDimensions })
    this.dimensions = SENTENCE_ENCODER_DIMENSIONS + this.hash.dimensions
    const gloss =
      this.glossWeight === 0
        ? ''
        : this.lexicons
          ? `+gloss-v${LEXICONS_VERSION}@${this.glossWeight}`
          : `+zh-gloss@${this.glossWeight}`
    this.id = `use-lite+${this.hash.id}@${this.semanticWeight}${gloss}`
  }

  /** The languages of the last texts asked about: embedding, its weight and recall's floor each ask. */
  private readonly languages = new BoundedCache<string, string | null>(LANGUAGE_CACHE_SIZE)

  /** The language a text is glossed from ('zh', a lexicon's language), or null when it is read as it is. */
  glossLanguage(text: string): string | null {
    if (this.glossWeight === 0) return null
    if (isChineseText(text)) return 'zh'
    if (!this.lexicons) return null
    let language = this.languages.get(text)
    if (language === undefined) {
      language = detectLanguage(text, glossLexicons())
      this.languages.set(text, language)
    }
    return language
  }

  /**
   * The weight of the sentence encoder for a text: full for English; for a glossed text the gloss
   * weight (of its CJK share, for Chinese and Japanese: Latin words among them are read as they are);
   * none for a language without a gloss.
   */
  semanticWeightOf(text: string): number {
    const language = this.glossLanguage(text)
    if (language !== null && !CJK_GLOSSES.has(language)) return this.semanticWeight * this.glossWeight
    const cjk = cjkShare(text)
    const glossed = language === null ? 0 : cjk * this.glossWeight
    return this.semanticWeight * ((1 - cjk) * englishShare(text) + glossed)
  }

  /** The Chinese dictionary once loaded (Chinese and Japanese glosses need it; it loads on first use). */
  private han: ChineseDictionary | undefined

  /**
   * What a text is compared by, in both parts of its vector: the text itself, or its English gloss
   * (so a French task's words meet an English lesson's words too). Null while a Chinese or Japanese
   * text waits for the dictionary.
   */
  private readTextSync(text: string, language = this.glossLanguage(text)): string | null {
    if (language === null) return text
    if ((language === 'zh' || language === 'ja') && !this.han) return null
    if (language === 'zh') return glossChinese(text, this.han!)
    const lexicon = glossLexicons().get(language)!
    return CJK_GLOSSES.has(language) ? glossSegmented(text, lexicon, this.han) : glossSpaced(text, lexicon)
  }

  /** What each text is compared by (loading the Chinese dictionary when a text needs it). */
  private async readTexts(texts: string[]): Promise<string[]> {
    const languages = texts.map((text) => this.glossLanguage(text))
    if (!this.han && languages.some((language) => language === 'zh' || language === 'ja'))
      this.han = await loadChineseDictionary()
    return texts.map((text, position) => this.readTextSync(text, languages[position])!)
  }

  /**
   * The share of the full semantic weight a text gets (0..1): recall's floor moves with it. A glossed
   * share counts in full: its cosine is mostly the encoder's, which runs high between any two
   * English texts, so it needs the full floor (at the lexical floor unrelated Chinese tasks recalled).
   */
  semanticShare(text: string): number {
    if (this.semanticWeight === 0) return 0
    const language = this.glossLanguage(text)
    if (language === null) return this.semanticWeightOf(text) / this.semanticWeight
    if (!CJK_GLOSSES.has(language)) return 1
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
    const [queryText, lessonText] = [this.readTextSync(query), this.readTextSync(lesson)]
    if (queryText === null || lessonText === null) return similarity
    const [queryWords, lessonWords] = [lexicalText(queryText, query), lexicalText(lessonText, lesson)]
    const [left, right] = [this.hash.embedOne(queryWords), this.hash.embedOne(lessonWords)]
    const length = this.lexicalLength(query, left) * this.lexicalLength(lesson, right)
    if (length === 0) return similarity
    return similarity + length * (lexicalSimilarity(queryWords, lessonWords) - cosineSimilarity(left, right))
  }

  /** The keyword texts of the last texts asked about: recall asks about the same lessons again and again. */
  private readonly keywordTexts = new BoundedCache<string, string>(KEYWORD_CACHE_SIZE)

  /** The words a text is compared by: its gloss, or the text itself (a Chinese text before the dictionary is loaded). */
  keywordText(text: string): string {
    let keywords = this.keywordTexts.get(text)
    if (keywords === undefined) {
      const read = this.readTextSync(text)
      if (read === null) return text
      keywords = lexicalText(read, text)
      this.keywordTexts.set(text, keywords)
    }
    return keywords
  }

  async embed(texts: string[]): Promise<number[][]> {
    const read = await this.readTexts(texts)
    const sentences = await encodeSentences(read)
    return texts.map((text, position) => {
      const weight = this.semanticWeightOf(text)
      const semantic = Math.sqrt(weight)
      const lexical = Math.sqrt(1 - weight)
      const hashed = this.hash.embedOne(lexicalText(read[position], text))
      const hashZero = hashed.every((value) => value === 0)
      // Chinese made only of grammatical words ("个了") has an empty gloss: nothing for the encoder.
      const sentenceZero = sentences[position].every((value) => value === 0)
      // A text with no lexical features keeps its whole length in the encoder part (and vice versa).
      const [left, right] = hashZero ? [1, 0] : sentenceZero ? [0, 1] : [semantic, lexical]
      return [...sentences[position].map((value) => value * left), ...hashed.map((value) => value * right)]
    })
  }
}
