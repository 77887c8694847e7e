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
  /** The language's function words: what tells a text in it apart from English and the others. */
  functionWords: Set<string>
  /** The first letters of its longer forms: a cheap "is this probably one of its words" for detection. */
  prefixes: Set<string>
  stem: ((word: string) => string) | null
  /** The longest form in characters (Japanese and Korean segmentation looks no further). */
  longestForm: number
  /** The most words in one of its fixed expressions ("mot de passe": 3). */
  longestPhrase: number
  /** Its content words, in file order, for the stem table. */
  contentForms: readonly [string, string][]
  /** Snowball stems of the content words → gloss: built on the first lookup by stem (Snowball takes ~40 µs a word). */
  stems?: Map<string, string>
}

/** How many leading letters `prefixes` keeps. */
const PREFIX_LETTERS = 5

/** The Snowball algorithm of each language that has one. */
const STEMMERS: Record<string, string> = {
  es: 'spanish',
  fr: 'french',
  de: 'german',
  it: 'italian',
  pt: 'portuguese',
  ru: 'russian',
  nl: 'dutch',
  sv: 'swedish',
  da: 'danish',
  no: 'norwegian',
  fi: 'finnish',
  tr: 'turkish',
  ro: 'romanian',
  hu: 'hungarian',
  ca: 'catalan',
  ar: 'arabic',
}

/** Parses one lexicon file; malformed lines are skipped, the first entry of a form wins. */
export function parseLexicon(language: string, tsv: string): Lexicon {
  const algorithm = STEMMERS[language]
  const stemmer = algorithm ? snowball.newStemmer(algorithm) : null
  const stem = stemmer ? (word: string) => stemmer.stem(word) : null
  const forms = new Map<string, string>()
  const functionWords = new Set<string>()
  const contentForms: [string, string][] = []
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
    else if (!form.includes(' ')) contentForms.push([form, gloss])
  }
  // Accents are often left out when typing ("telefono", "temperatur"): the folded form finds the word too.
  for (const [form, gloss] of [...forms]) {
    if (/^[\x00-\x7f]*$/.test(form) || !foldable(form)) continue
    const folded = foldLetters(form)
    if (!forms.has(folded)) forms.set(folded, gloss)
  }
  const prefixes = new Set<string>()
  for (const form of forms.keys()) if (form.length >= PREFIX_LETTERS) prefixes.add(prefixOf(form))
  return { language, forms, functionWords, prefixes, stem, longestForm, longestPhrase, contentForms }
}

/** Letters people type plainly that are not a base letter with an accent: Polish ł, Danish ø, Turkish ı… */
const PLAIN_LETTERS: Record<string, string> = { ł: 'l', ø: 'o', đ: 'd', ı: 'i', ß: 'ss', æ: 'ae', œ: 'oe' }

/** A word as it is typed without accents and special letters ("błąd" → "blad"). */
function foldLetters(word: string): string {
  return foldAccents(word).replace(/[łøđıßæœ]/g, (letter) => PLAIN_LETTERS[letter])
}

/**
 * Whether a word's marks are accents to fold away (é, ё, أ, ά). In Devanagari they are vowels and
 * Hangul would fall apart into jamo.
 */
function foldable(word: string): boolean {
  return /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Arabic}\p{M}\p{N}' -]+$/u.test(word)
}

/**
 * A word's entry. A word typed without its accents finds the folded copy of its form; a word typed
 * with accents means them ("rätta", correct, is not "råtta", rat), except in Arabic, where hamza and
 * short-vowel marks are written or left out at will.
 */
function lookup(lexicon: Lexicon, lower: string): string | undefined {
  const exact = lexicon.forms.get(lower)
  if (exact !== undefined || !/\p{Script=Arabic}/u.test(lower)) return exact
  return lexicon.forms.get(foldLetters(lower))
}

/** A word's first letters (UTF-16 units: the alphabets detection compares are all in the BMP). */
function prefixOf(word: string): string {
  return word.slice(0, PREFIX_LETTERS)
}

/** The stem table of a lexicon, built on first use: the first entry of a stem wins. */
function stemsOf(lexicon: Lexicon, stem: (word: string) => string): Map<string, string> {
  if (lexicon.stems) return lexicon.stems
  const stems = new Map<string, string>()
  for (const [form, gloss] of lexicon.contentForms) {
    const key = stem(form)
    if (!stems.has(key)) stems.set(key, gloss)
  }
  return (lexicon.stems = stems)
}

/**
 * Whether a word is probably one of the lexicon's: a form of it, or sharing its first letters with
 * a longer form (detection tries every language, so it does not pay for stemming).
 */
export function probablyKnows(word: string, lexicon: Lexicon): boolean {
  const lower = lowerCase(word)
  if (lookup(lexicon, lower) !== undefined) return true
  return lower.length >= PREFIX_LETTERS && lexicon.prefixes.has(prefixOf(lower))
}

/** The English gloss of one word: its exact form, its form without accents, then its stem; null when unknown. */
export function glossWord(word: string, lexicon: Lexicon, stemming = true): string | null {
  const lower = lowerCase(word)
  const exact = lookup(lexicon, lower)
  if (exact !== undefined) return exact
  if (!stemming || !lexicon.stem || [...lower].length < 3) return null
  const stems = stemsOf(lexicon, lexicon.stem)
  // Snowball leaves some letters alone (Russian ё): the word without its diacritics is tried too.
  return (
    stems.get(lexicon.stem(lower)) ??
    (foldable(lower) ? stems.get(lexicon.stem(foldLetters(lower))) : undefined) ??
    null
  )
}

/** A word in lower case; the dotted capital İ of Turkish becomes i, not i with a combining dot. */
function lowerCase(text: string): string {
  return text.toLowerCase().replace(/i\u0307/g, 'i')
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
  const plain = plainApostrophes(text.normalize('NFKC'))
  const matches = [...plain.matchAll(WORD)]
  const tokens = matches.map((match) => match[0])
  // A word opening a sentence may be capitalised without being a name.
  const opensSentence = matches.map((match) => /(?:^|[.!?¡¿:;"«»()\n]\s*)$/u.test(plain.slice(0, match.index)))
  const words: string[] = []
  for (let position = 0; position < tokens.length; position++) {
    // Fixed expressions first, longest first: "base de données", "mot de passe", "потому что".
    const phrase = longestPhrase(tokens, position, lexicon)
    if (phrase) {
      if (phrase.gloss) words.push(phrase.gloss)
      position += phrase.length - 1
      continue
    }
    words.push(...glossToken(tokens[position], lexicon, opensSentence[position]))
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
    const phrase = lowerCase(tokens.slice(start, start + length).join(' '))
    const gloss = lookup(lexicon, phrase)
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
    // Turkish writes a name's case ending after an apostrophe: "İstanbul'da" is Istanbul.
    const suffix = lexicon.language === 'tr' && parts[position - 1] === "'"
    if (suffix) continue
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
/** The same for a text without any function word: most of its words. */
const MIN_KNOWN_SHARE_WITHOUT_FUNCTION_WORDS = 0.6

/** Languages written in a script of their own, by script: segmented ones (any of their letters), then alphabets. */
const SEGMENTED_SCRIPTS: readonly [RegExp, string][] = [
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, 'ja'],
  [/\p{Script=Hangul}/u, 'ko'],
]
const ALPHABETS: readonly [RegExp, string][] = [
  [/\p{Script=Cyrillic}/u, 'ru'],
  [/\p{Script=Arabic}/u, 'ar'],
  [/\p{Script=Devanagari}/u, 'hi'],
  [/\p{Script=Greek}/u, 'el'],
]
const SCRIPT_LANGUAGES = new Set([...SEGMENTED_SCRIPTS, ...ALPHABETS].map(([, language]) => language))

/**
 * The language of a text to gloss, or null for English (and for what no lexicon knows): kana is
 * Japanese and Hangul Korean; a text mostly in Cyrillic, Arabic or Devanagari letters is Russian,
 * Arabic or Hindi; a Latin-script text is the language whose function words it uses most, when they
 * outnumber its English function words (ties go to the language whose lexicon knows more of its
 * words). Either way the lexicon must know half of the words. Chinese is left to the Chinese gloss.
 */
export function detectLanguage(text: string, lexicons: ReadonlyMap<string, Lexicon>): string | null {
  for (const [script, language] of SEGMENTED_SCRIPTS)
    if (script.test(text)) return lexicons.has(language) ? language : null
  const words = (lowerCase(text.normalize('NFKC')).match(/[\p{L}\p{M}]+/gu) ?? []).filter(
    (word) => !/\p{Script=Han}/u.test(word),
  )
  if (words.length === 0) return null
  const knows = (lexicon: Lexicon) => words.filter((word) => probablyKnows(word, lexicon)).length
  const knowsEnough = (lexicon: Lexicon | undefined, known = lexicon ? knows(lexicon) : 0) =>
    lexicon !== undefined && known >= words.length * MIN_KNOWN_SHARE
  for (const [script, language] of ALPHABETS)
    if (words.filter((word) => script.test(word)).length * 2 > words.length)
      return knowsEnough(lexicons.get(language)) ? language : null
  const english = words.filter((word) => ENGLISH_FUNCTION_WORDS.has(word)).length
  // A word that is English too ("a", "in", "no", "come") tells nothing: "Plan a walk in Rome" is English.
  const telling = words.filter((word) => !ENGLISH_FUNCTION_WORDS.has(word) && !ALSO_ENGLISH.has(word))
  let best: { lexicon: Lexicon; functionWords: number; known: number } | null = null
  for (const lexicon of lexicons.values()) {
    if (SCRIPT_LANGUAGES.has(lexicon.language)) continue
    const functionWords = telling.filter((word) => lexicon.functionWords.has(word)).length
    if (functionWords === 0) continue
    const known = knows(lexicon)
    if (!best || functionWords > best.functionWords || (functionWords === best.functionWords && known > best.known))
      best = { lexicon, functionWords, known }
  }
  // A word with accents or Spanish punctuation is evidence too: "Planifica un día tranquilo" has one
  // function word against English's "a"-free none, but "día" is no English word.
  const foreignLetters = /[¿¡]/u.test(text) || words.some((word) => foldLetters(word) !== word)
  if (best && best.functionWords + (foreignLetters ? 1 : 0) > english && knowsEnough(best.lexicon, best.known))
    return best.lexicon.language
  // A short command may have no function word of its language ("Haftalık toplantıyı özetle."), or
  // only a chance one of another ("e" is Italian): with letters English does not use and no English
  // word, it is the language whose lexicon knows most of it. Otherwise a lexicon that knows few of
  // the words is a chance hit ("po" in Polish is Italian too).
  if (english === 0 && foreignLetters && words.length >= 3) return mostKnowing(lexicons, knows, words.length)
  return null
}

/** The Latin-script language whose lexicon knows the most of a text's words, if it knows most of them. */
function mostKnowing(
  lexicons: ReadonlyMap<string, Lexicon>,
  knows: (lexicon: Lexicon) => number,
  words: number,
): string | null {
  let best: { language: string; known: number } | null = null
  for (const lexicon of lexicons.values()) {
    if (SCRIPT_LANGUAGES.has(lexicon.language)) continue
    const known = knows(lexicon)
    if (!best || known > best.known) best = { language: lexicon.language, known }
  }
  return best && best.known >= words * MIN_KNOWN_SHARE_WITHOUT_FUNCTION_WORDS ? best.language : null
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

/** The files of the lexicon directory (a function, so the bundler does not trace the whole project). */
function lexiconFiles(directory: string): [language: string, file: string][] {
  return readdirSync(directory)
    .filter((name) => name.endsWith('.tsv'))
    .sort()
    .map((name) => [name.slice(0, -'.tsv'.length), path.join(directory, name)])
}

/** Reads every lexicon (~1.5 MB in all, ~0.25 s; stem tables come later): `<language>.tsv` → parsed lexicon. */
export function readLexicons(directory = lexiconDirectory()): Map<string, Lexicon> {
  const lexicons = new Map<string, Lexicon>()
  for (const [language, file] of lexiconFiles(directory))
    lexicons.set(language, parseLexicon(language, readFileSync(file, 'utf8')))
  return lexicons
}

/** One set of lexicons per process, also across Next's server bundle and node_modules copies of this module. */
const SHARED_LEXICONS = Symbol.for('reflexion.glossLexicons')
const shared = globalThis as typeof globalThis & { [SHARED_LEXICONS]?: Map<string, Lexicon> }

/** The lexicons, read once per process on first use (synchronously: they are small). */
export function glossLexicons(): Map<string, Lexicon> {
  return (shared[SHARED_LEXICONS] ??= readLexicons())
}
