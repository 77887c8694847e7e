/**
 * The lexical features of a text that the hashing embedder counts: content words (stopwords of
 * English, French, Spanish and German dropped, stemmed by Snowball's English stemmer), their
 * character trigrams, and for CJK scripts (no spaces between words) character bigrams and single characters.
 */
import snowball from 'snowball-stemmers'
import { BoundedCache } from './bounded-cache'

const STOPWORDS = new Set(
  (
    'a an the and or but if then else of to in on at by for with from as into onto about over under than so too very ' +
    'is are was were be been being am do does did done have has had having will would shall should can could may might must ' +
    'i me my mine we us our ours you your yours he him his she her hers it its they them their theirs this that these those ' +
    'what which who whom whose when where why how all any each every some no not nor only own same such just also more most ' +
    'other there here up down out off again once please me let lets give get make write tell show help want need like ' +
    'le la les un une des du de et ou en au aux ce ces cette est sont pour par sur dans avec pas que qui ne se sa son ses mon ma mes ' +
    'el los las uno una unos unas y o en del al es son para por con sin que se su sus mi mis lo como ' +
    'der die das ein eine einen einem einer und oder in im am zu zum zur mit von für auf ist sind den dem des nicht wie ich du sie es'
  ).split(' '),
)

/** Function words only English uses (none of them a word in French, Spanish or German). */
export const ENGLISH_FUNCTION_WORDS = new Set(
  'the and of to is are was were be with for this that these those it its my your our their what which who how why when where will would should can could has have had do does did not from at by an or if then than them they you we he she i me us'.split(
    ' ',
  ),
)
/** Function words of French, Spanish and German that are not English words (compared without accents). */
const OTHER_WORDS = new Set(
  (
    'de en un le la les une des du et ou est sont pour dans avec pas que qui ce cette au aux mon ma mes vous nous il elle je ' +
    'ils elles leur leurs notre votre ca fait font combien quel quelle quels comment pourquoi mais tres aussi moi toi qu ' +
    'el los las del y es son para por con sin mi mis muy su sus lo como cuando yo tu cada mas pero porque este esta estos ' +
    'hay tambien que cual donde cuanto cuantos cuantas puedo quiero necesito tengo ' +
    'der die das ein eine einen einem und oder ist sind mit von fur auf nicht wie ich du sie es zu zum zur den dem des im ' +
    'bitte mir mich wir uns ihr euch kann muss soll brauche auch noch nur schon sehr uber'
  ).split(' '),
)

/** A word's letters without their accents (é → e, ü → u): "température" and "temperature" meet. */
export function foldAccents(word: string): string {
  return word.normalize('NFKD').replace(/\p{M}+/gu, '')
}

/**
 * How English a text is, from its function words, accents and script: 1 when only English words (or
 * none) appear, 0 when only French, Spanish or German ones, words with accents or words in another
 * script do. The sentence encoder only knows English.
 */
export function englishShare(text: string): number {
  let english = 0
  let other = 0
  // An inverted question or exclamation mark is Spanish; a word with accented letters is not English.
  if (/[¿¡]/u.test(text)) other++
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    if (isCjk(word)) continue
    const folded = foldAccents(word)
    if (ENGLISH_FUNCTION_WORDS.has(word)) english++
    // A word in another script (Cyrillic, Greek, Arabic, Devanagari, Thai…) is not English either.
    else if (OTHER_WORDS.has(folded) || folded !== word || !/^\p{Script=Latin}+$/u.test(word)) other++
  }
  return english + other === 0 ? 1 : english / (english + other)
}

/** Frequent CJK characters that carry grammar more than meaning: counted only inside bigrams, and weakly. */
const CJK_STOP = new Set(
  [
    ...'的了是在我你他她它们这那个一不也就都和与及或而要会能可以有没很把被给让对从到为着过吗呢吧啊呀么什怎样帮请写一下些',
  ].concat([...'のはがをにでとへもやかなだですますしたいるあるこそれらっ、。ください']),
)

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u
const TOKEN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[\p{L}\p{N}]+/gu

/** Whether a character (or the first of a string) is written in a CJK script. */
export function isCjk(text: string): boolean {
  return CJK.test(text)
}

const englishStemmer = snowball.newStemmer('english')
/** How many words' stems a process remembers (a word is stemmed in ~15 µs; recall re-reads its candidates' words). */
const STEM_CACHE_SIZE = 50_000
const stems = new BoundedCache<string, string>(STEM_CACHE_SIZE)

/**
 * A word's English stem (Snowball's Porter2): "slides" and "slide", "created" and "creating" meet. A
 * word with digits stays as it is. The light suffix fold this replaced cut "slides" to "slid" and
 * "notes" to "not", so a plural never met its singular.
 */
export function foldWord(word: string): string {
  if (/\d/.test(word)) return word
  let stem = stems.get(word)
  if (stem === undefined) {
    stem = englishStemmer.stem(word)
    stems.set(word, stem)
  }
  return stem
}

/** A weighted feature of a text: `w:` words, `c:` character trigrams, `b:` CJK bigrams, `u:` CJK characters. */
export type TextFeature = { feature: string; weight: number }

/** The features of a text, in order; the same text always gives the same features. */
export function textFeatures(text: string): TextFeature[] {
  const features: TextFeature[] = []
  for (const token of text.toLowerCase().normalize('NFKC').match(TOKEN) ?? []) {
    if (isCjk(token)) {
      const characters = [...token]
      for (const character of characters)
        if (!CJK_STOP.has(character) && !/\p{Script=Hiragana}/u.test(character))
          features.push({ feature: `u:${character}`, weight: 0.5 })
      for (let position = 0; position + 1 < characters.length; position++) {
        const [first, second] = [characters[position], characters[position + 1]]
        const weak = CJK_STOP.has(first) || CJK_STOP.has(second)
        features.push({ feature: `b:${first}${second}`, weight: weak ? 0.3 : 1 })
      }
      continue
    }
    // Latin-script words are compared without accents; a single letter is an elision (l', d') or a
    // possessive 's, not a word.
    const plain = foldAccents(token)
    if (STOPWORDS.has(token) || STOPWORDS.has(plain) || (plain.length === 1 && !/\d/.test(plain))) continue
    const word = foldWord(plain)
    features.push({ feature: `w:${word}`, weight: 1 })
    const padded = ` ${word} `
    for (let position = 0; position + 3 <= padded.length; position++)
      features.push({ feature: `c:${padded.slice(position, position + 3)}`, weight: 0.3 })
  }
  return features
}

/** The share of a text's letters that are written in a CJK script (0 for none, 1 for all). */
export function cjkShare(text: string): number {
  const letters = text.match(/\p{L}/gu) ?? []
  if (letters.length === 0) return 0
  return letters.filter((letter) => CJK.test(letter)).length / letters.length
}

/** How many leading letters of a word stand for its stem in content terms ("cronjob" and "cron" meet). */
export const STEM_LETTERS = 4

/**
 * The content terms of a text: its words, the stems of its words (their first letters: German
 * compounds and inflections, "Zusammenfassung" and "zusammen") and its CJK bigrams (no trigrams, no
 * single characters).
 */
export function contentTerms(text: string): Set<string> {
  const terms = new Set<string>()
  for (const { feature, weight } of textFeatures(text)) {
    if (feature.startsWith('b:') && weight >= 1) terms.add(feature)
    if (!feature.startsWith('w:')) continue
    terms.add(feature)
    const word = feature.slice(2)
    if (word.length >= STEM_LETTERS && !/\d/.test(word)) terms.add(`s:${word.slice(0, STEM_LETTERS)}`)
  }
  return terms
}

/** How many content terms (words, CJK bigrams) two texts share. */
export function sharedTerms(left: string, right: string): number {
  const terms = contentTerms(left)
  let shared = 0
  for (const term of contentTerms(right)) if (terms.has(term)) shared++
  return shared
}

/** A text's keywords: its stemmed content words and its CJK bigrams (no trigrams, characters or stem prefixes). */
export function keywords(text: string): Set<string> {
  const found = new Set<string>()
  for (const { feature, weight } of textFeatures(text))
    if (feature.startsWith('w:') || (feature.startsWith('b:') && weight >= 1)) found.add(feature)
  return found
}

/**
 * How many distinct keywords (stemmed content words, CJK bigrams) a lesson shares with a task:
 * recall's keyword channel. The task may come as its `keywords` already (one task, many lessons).
 */
export function sharedKeywords(task: string | ReadonlySet<string>, lesson: string): number {
  const wanted = typeof task === 'string' ? keywords(task) : task
  let shared = 0
  for (const keyword of keywords(lesson)) if (wanted.has(keyword)) shared++
  return shared
}

/** A text's features summed by name: what HashEmbedder hashes, without the collisions of hashing. */
function featureWeights(text: string): Map<string, number> {
  const weights = new Map<string, number>()
  for (const { feature, weight } of textFeatures(text)) weights.set(feature, (weights.get(feature) ?? 0) + weight)
  return weights
}

/**
 * The cosine of two texts' lexical features (words, trigrams, CJK bigrams and characters), exact:
 * texts that share nothing get 0, where hashed vectors of 1,024 buckets can meet by chance (a German
 * task and a Chinese lesson scored 0.12 on the hashed part alone).
 */
export function lexicalSimilarity(left: string, right: string): number {
  const [a, b] = [featureWeights(left), featureWeights(right)]
  let dot = 0
  for (const [feature, weight] of a) dot += weight * (b.get(feature) ?? 0)
  if (dot === 0) return 0
  const norm = (weights: Map<string, number>) => Math.sqrt([...weights.values()].reduce((sum, w) => sum + w * w, 0))
  return dot / (norm(a) * norm(b))
}
