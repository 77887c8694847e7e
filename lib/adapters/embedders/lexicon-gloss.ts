import { readFileSync, readdirSync, existsSync } from 'node:fs'
import path from 'node:path'
import snowball from 'snowball-stemmers'
import { ENGLISH_FUNCTION_WORDS, foldAccents } from '../../core/reflexion/text-features'

/**
 * A word-by-word English gloss of text in languages the sentence encoder does not know, from the
 * bilingual lexicons in `lexicons/` (one `<language>.tsv` each: form, English gloss, `f` for a
 * function word). Inflected words are found by their Snowball stem; Japanese, written without
 * spaces, is segmented by the longest entry (kanji compounds missing from its lexicon are looked up
 * in the Chinese dictionary). Not a translation: each word's main sense, in order, so a French task
 * and an English lesson meet in the encoder.
 */

/**
 * The version of the lexicons, part of the offline embedder's id: bump it with any change to a
 * lexicon file, so the re-embed job renews the stored vectors (a unit test pins the files' digest).
 */
export const LEXICONS_VERSION = 1

/** One language's lexicon, ready for lookups. */
export type Lexicon = {
  language: string
  /** Exact forms (lower case, then also without accents) → English gloss ("" for pure grammar). */
  forms: Map<string, string>
  /** Snowball stems of the content words → English gloss (absent for languages without a stemmer). */
  stems: Map<string, string>
  /** The language's function words: what tells a text in it apart from English and the others. */
  functionWords: Set<string>
  stem: ((word: string) => string) | null
  /** The longest form in characters (Japanese and Korean segmentation looks no further). */
  longestForm: number
  /** The most words in one of its fixed expressions ("mot de passe": 3). */
  longestPhrase: number
}

/** The Snowball algorithm of each language that has one. */
const STEMMERS: Record<string, string> = {
  es: 'spanish',
  fr: 'french',
  de: 'german',
  it: 'italian',
  pt: 'portuguese',
  ru: 'russian',
  nl: 'dutch',
}

/** Parses one lexicon file; malformed lines are skipped, the first entry of a form wins. */
export function parseLexicon(language: string, tsv: string): Lexicon {
  const algorithm = STEMMERS[language]
  const stemmer = algorithm ? snowball.newStemmer(algorithm) : null
  const stem = stemmer ? (word: string) => stemmer.stem(word) : null
  const forms = new Map<string, string>()
  const stems = new Map<string, string>()
  const functionWords = new Set<string>()
  let longestForm = 1
  let longestPhrase = 1
  for (const line of tsv.split('\n')) {
    const [rawForm, rawGloss, kind] = line.split('\t')
    if (!rawForm || rawGloss === undefined) continue
    const form = plainApostrophes(rawForm.trim().toLowerCase().normalize('NFKC'))
    const gloss = rawGloss.trim() === '-' ? '' : rawGloss.trim().toLowerCase()
    if (!form || forms.has(form)) continue
    forms.set(form, gloss)
    longestForm = Math.max(longestForm, [...form].length)
    longestPhrase = Math.max(longestPhrase, form.split(' ').length)
    if (kind?.trim() === 'f') functionWords.add(form)
    else if (stem && !form.includes(' ')) {
      const key = stem(form)
      if (!stems.has(key)) stems.set(key, gloss)
    }
  }
  // Accents are often left out when typing ("telefono", "temperatur"): the folded form finds the word too.
  for (const [form, gloss] of [...forms]) {
    if (!/^[\p{Script=Latin}\p{Script=Cyrillic}\p{M}\p{N}' -]+$/u.test(form)) continue // Hangul would fall apart into jamo
    const folded = foldAccents(form)
    if (!forms.has(folded)) forms.set(folded, gloss)
  }
  return { language, forms, stems, functionWords, stem, longestForm, longestPhrase }
}

/** The English gloss of one word: its exact form, its form without accents, then its stem; null when unknown. */
export function glossWord(word: string, lexicon: Lexicon, stemming = true): string | null {
  const lower = word.toLowerCase()
  const exact = lexicon.forms.get(lower) ?? lexicon.forms.get(foldAccents(lower))
  if (exact !== undefined) return exact
  if (!stemming || !lexicon.stem || [...lower].length < 3) return null
  // Snowball leaves some letters alone (Russian ё): the word without its diacritics is tried too.
  return lexicon.stems.get(lexicon.stem(lower)) ?? lexicon.stems.get(lexicon.stem(foldAccents(lower))) ?? null
}

/** Typographic apostrophes typed as plain ones ("d’abord" is "d'abord"). */
function plainApostrophes(text: string): string {
  return text.replace(/[’‘ʼ]/g, "'")
}

const WORD = /[\p{L}\p{M}\p{N}]+(?:[-'][\p{L}\p{M}\p{N}]+)*/gu

/**
 * Glosses a text written with spaces between words: each known word becomes its English gloss (a
 * function word of pure grammar goes), an unknown one (a name, a loan word, "crontab") stays as it is.
 */
export function glossSpaced(text: string, lexicon: Lexicon): string {
  const tokens = plainApostrophes(text.normalize('NFKC')).match(WORD) ?? []
  const words: string[] = []
  for (let position = 0; position < tokens.length; position++) {
    // Fixed expressions first, longest first: "base de données", "mot de passe", "потому что".
    const phrase = longestPhrase(tokens, position, lexicon)
    if (phrase) {
      if (phrase.gloss) words.push(phrase.gloss)
      position += phrase.length - 1
      continue
    }
    words.push(...glossToken(tokens[position], lexicon, position === 0))
  }
  return words.join(' ')
}

/** The longest expression of two or more words starting at a token, if the lexicon has one. */
function longestPhrase(
  tokens: readonly string[],
  start: number,
  lexicon: Lexicon,
): { length: number; gloss: string } | null {
  for (let length = Math.min(lexicon.longestPhrase, tokens.length - start); length >= 2; length--) {
    const phrase = tokens
      .slice(start, start + length)
      .join(' ')
      .toLowerCase()
    const gloss = lexicon.forms.get(phrase) ?? lexicon.forms.get(foldAccents(phrase))
    if (gloss !== undefined) return { length, gloss }
  }
  return null
}

/**
 * Whether a word may be found by its stem. A capitalised word inside a sentence is a name unless the
 * language capitalises its nouns (German), and a word in capitals an acronym: "Madrid" is not a form
 * of "madre", nor "SMS" of anything.
 */
function stemmable(token: string, lexicon: Lexicon, first: boolean): boolean {
  if (/^\p{Lu}[\p{Lu}\p{N}]+$/u.test(token)) return false
  return first || lexicon.language === 'de' || !/^\p{Lu}/u.test(token)
}

/** One word's gloss: itself, or its parts ("grand-mère", "l'unité"); unknown words stay as they are. */
function glossToken(token: string, lexicon: Lexicon, first: boolean): string[] {
  const stemming = stemmable(token, lexicon, first)
  const whole = glossWord(token, lexicon, stemming)
  if (whole !== null) return whole ? [whole] : []
  // Compounds and elisions the lexicon lacks whole ("grand-mère", "l'unité", "dell'ora") go by their
  // parts; an elided article the lexicon lacks ("l'", "d'") is grammar, not a name to keep.
  const words: string[] = []
  const parts = token.split(/([-'])/)
  for (let position = 0; position < parts.length; position += 2) {
    const part = parts[position]
    const gloss = glossWord(part, lexicon, stemming)
    const elided = parts[position + 1] === "'" && [...part].length <= 3
    if (gloss === null && !elided) words.push(part)
    else if (gloss) words.push(gloss)
  }
  return words
}

/** A dictionary of Han words, for kanji compounds a Japanese lexicon lacks (CC-CEDICT's headwords). */
export type HanDictionary = { glosses: Map<string, string>; longestWord: number }

const SEGMENTED_RUN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー々]+|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー々])[\p{L}\p{N}])+/gu

/**
 * Glosses Japanese or Korean: each run of kanji, kana or Hangul is cut at the longest lexicon entry
 * (or, for Japanese, the longest Han word of the fallback dictionary where that is longer), so the
 * particles and endings after a word are entries of their own; a character nothing knows is dropped.
 * Latin words and numbers stay.
 */
export function glossSegmented(text: string, lexicon: Lexicon, han?: HanDictionary): string {
  const words: string[] = []
  for (const token of text.normalize('NFKC').match(SEGMENTED_RUN) ?? []) {
    if (!/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(token)) {
      words.push(token)
      continue
    }
    const characters = [...token]
    for (let start = 0; start < characters.length;) {
      const [length, gloss] = longestEntry(characters, start, lexicon, han)
      if (gloss) words.push(gloss)
      start += length
    }
  }
  return words.join(' ')
}

/** The longest entry starting at a position, from the lexicon or the Han dictionary: [characters, gloss]. */
function longestEntry(
  characters: readonly string[],
  start: number,
  lexicon: Lexicon,
  han?: HanDictionary,
): [number, string | null] {
  const limit = Math.min(characters.length - start, Math.max(lexicon.longestForm, han?.longestWord ?? 1))
  for (let length = limit; length >= 1; length--) {
    const word = characters.slice(start, start + length).join('')
    const fromLexicon = length <= lexicon.longestForm ? lexicon.forms.get(word) : undefined
    if (fromLexicon !== undefined) return [length, fromLexicon]
    if (han && length > 1 && /^\p{Script=Han}+$/u.test(word)) {
      const fromHan = han.glosses.get(word)
      if (fromHan !== undefined) return [length, fromHan]
    }
  }
  const single = characters[start]
  return [1, (han && /\p{Script=Han}/u.test(single) ? han.glosses.get(single) : undefined) ?? null]
}

/** Function words of other languages that are common English words as well. */
const ALSO_ENGLISH = new Set(
  'a i in on no do me as be so go am an at to up us we he it or if by my come per pure solo con era tale die son fin pour sale once dime mine man bin war will also'.split(
    ' ',
  ),
)

/** The share of a text's words its language's lexicon must know for the text to be glossed from it. */
const MIN_KNOWN_SHARE = 0.5

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u
const HANGUL = /\p{Script=Hangul}/u
const CYRILLIC = /\p{Script=Cyrillic}/u

/**
 * The language of a text to gloss, or null for English (and for what no lexicon knows): kana is
 * Japanese, Cyrillic Russian; a Latin-script text is the language whose function words it uses
 * most, when they outnumber its English function words (ties go to the language whose lexicon
 * knows more of its words). Chinese is left to the Chinese gloss.
 */
export function detectLanguage(text: string, lexicons: ReadonlyMap<string, Lexicon>): string | null {
  if (KANA.test(text)) return lexicons.has('ja') ? 'ja' : null
  if (HANGUL.test(text)) return lexicons.has('ko') ? 'ko' : null
  const words = (
    text
      .toLowerCase()
      .normalize('NFKC')
      .match(/\p{L}+/gu) ?? []
  ).filter((word) => !/\p{Script=Han}/u.test(word))
  if (words.length === 0) return null
  const cyrillic = words.filter((word) => CYRILLIC.test(word)).length
  if (cyrillic * 2 > words.length) return lexicons.has('ru') ? 'ru' : null
  const english = words.filter((word) => ENGLISH_FUNCTION_WORDS.has(word)).length
  // A word that is English too ("a", "in", "no", "come") tells nothing: "Plan a walk in Rome" is English.
  const telling = words.filter((word) => !ENGLISH_FUNCTION_WORDS.has(word) && !ALSO_ENGLISH.has(word))
  let best: { language: string; functionWords: number; known: number } | null = null
  for (const lexicon of lexicons.values()) {
    if (lexicon.language === 'ja' || lexicon.language === 'ko' || lexicon.language === 'ru') continue
    const functionWords = telling.filter((word) => lexicon.functionWords.has(word)).length
    if (functionWords === 0) continue
    const known = words.filter((word) => glossWord(word, lexicon) !== null).length
    if (!best || functionWords > best.functionWords || (functionWords === best.functionWords && known > best.known))
      best = { language: lexicon.language, functionWords, known }
  }
  // A word with accents or Spanish punctuation is evidence too: "Planifica un día tranquilo" has one
  // function word against English's "a"-free none, but "día" is no English word.
  const foreignLetters = /[¿¡]/u.test(text) || words.some((word) => foldAccents(word) !== word)
  if (!best || best.functionWords + (foreignLetters ? 1 : 0) <= english) return null
  // A language whose lexicon knows few of the words is a chance hit ("po" in Polish is Italian too).
  return best.known >= words.length * MIN_KNOWN_SHARE ? best.language : null
}

/** Where the lexicon files are: beside this module in the source tree, found from the working directory. */
function lexiconDirectory(): string {
  for (let directory = process.cwd(); ; directory = path.dirname(directory)) {
    const candidate = path.join(directory, 'lib', 'adapters', 'embedders', 'lexicons')
    if (existsSync(candidate)) return candidate
    if (path.dirname(directory) === directory)
      throw new Error('The gloss lexicons (lib/adapters/embedders/lexicons) are missing')
  }
}

/** Reads every lexicon (a few hundred kB in all, ~30 ms): `<language>.tsv` → parsed lexicon. */
export function readLexicons(directory = lexiconDirectory()): Map<string, Lexicon> {
  const lexicons = new Map<string, Lexicon>()
  for (const file of readdirSync(directory).sort())
    if (file.endsWith('.tsv')) {
      const language = file.slice(0, -'.tsv'.length)
      lexicons.set(language, parseLexicon(language, readFileSync(path.join(directory, file), 'utf8')))
    }
  return lexicons
}

/** One set of lexicons per process, also across Next's server bundle and node_modules copies of this module. */
const SHARED_LEXICONS = Symbol.for('reflexion.glossLexicons')
const shared = globalThis as typeof globalThis & { [SHARED_LEXICONS]?: Map<string, Lexicon> }

/** The lexicons, read once per process on first use (synchronously: they are small). */
export function glossLexicons(): Map<string, Lexicon> {
  return (shared[SHARED_LEXICONS] ??= readLexicons())
}
