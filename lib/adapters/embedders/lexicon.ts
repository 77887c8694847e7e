import { readFileSync, readdirSync, existsSync } from 'node:fs'
import path from 'node:path'
import snowball from 'snowball-stemmers'
import { foldAccents } from '../../core/reflexion/text-features'

/**
 * The bilingual lexicons the English gloss reads (`lexicons/<language>.tsv`: form, English gloss, `f`
 * for a function word), parsed for lookups: a word by its form, by its form typed without accents,
 * then by its Snowball stem. Read once per process.
 */

/**
 * The version of the lexicons, part of the offline embedder's id: bump it with any change to a
 * lexicon file or to how a text is glossed, so the re-embed job renews the stored vectors (a unit
 * test pins the files' digest). 2: Arabic particles, alphabets told apart by the words they know;
 * 3: ten more languages, some unknown words dropped; 4: yeh and kaf folded alike; 5: unknown words
 * stay again (dropping them measured no better); 6: compounds read by their parts; 7: German, French,
 * Spanish, Portuguese, Italian, Russian, Japanese and Korean grown 3–5×, German typed without umlauts
 * and inflected words typed without accents found; 8: Dutch, Swedish, Vietnamese, Indonesian grown,
 * Greek, Ukrainian, Turkish and Catalan filled in, gloss-less grammar words own no stem.
 */
export const LEXICONS_VERSION = 8

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
  /**
   * Snowball stems of the content words → gloss (Snowball takes 10–90 µs a word, so a large lexicon's
   * table takes a second or more): built by a server's warm-up a slice at a time, and completed by the
   * first lookup by stem that needs it.
   */
  stems?: StemTable
}

/**
 * A stem table under construction: the stems of `contentForms` up to `stemmed`, and the stems of the
 * same forms typed without accents, for inflected words typed so ("telecharges": Snowball stems the
 * accented forms to "télécharg", and Russian "лёгкий" and "легкой" apart).
 */
type StemTable = { glosses: Map<string, string>; plain: Map<string, string>; stemmed: number }

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
  cs: 'czech',
  ar: 'arabic',
}

/** Languages whose marks are not accents: Devanagari vowel signs, kana voicing marks, Hangul jamo. */
const UNFOLDED_LANGUAGES = new Set(['hi', 'ja', 'ko'])

/**
 * Parses one lexicon file; malformed lines are skipped, the first entry of a form wins. The whole
 * file is normalised, lowered and folded at once (per form, that was most of the load: 1.2 s for
 * Greek's 77,000 forms), then read line by line beside its folded copy.
 */
export function parseLexicon(language: string, tsv: string): Lexicon {
  const algorithm = STEMMERS[language]
  const stemmer = algorithm ? snowball.newStemmer(algorithm) : null
  const stem = stemmer ? (word: string) => stemmer.stem(word) : null
  const text = plainApostrophes(tsv.normalize('NFKC').toLowerCase())
  const lines = text.split('\n')
  // Accents are often left out when typing ("telefono", "temperatur"): the folded form finds the word too.
  const foldedLines = UNFOLDED_LANGUAGES.has(language) ? null : foldLetters(text).split('\n')
  const forms = new Map<string, string>()
  const folded = new Map<string, string>()
  const functionWords = new Set<string>()
  const contentForms: [string, string][] = []
  let longestForm = 1
  let longestPhrase = 1
  for (const [position, line] of lines.entries()) {
    const [rawForm, rawGloss, kind] = line.split('\t')
    if (!rawForm || rawGloss === undefined) continue
    const form = rawForm.trim()
    const gloss = rawGloss.trim() === '-' ? '' : rawGloss.trim()
    if (!form || forms.has(form)) continue
    forms.set(form, gloss)
    longestForm = Math.max(longestForm, [...form].length)
    if (form.includes(' ')) longestPhrase = Math.max(longestPhrase, form.split(' ').length)
    if (kind?.trim() === 'f') functionWords.add(form)
    // A word of pure grammar owns no stem: the words sharing it would lose their gloss (Catalan "va").
    else if (!form.includes(' ') && gloss) contentForms.push([form, gloss])
    const plain = foldedLines?.[position].split('\t')[0].trim()
    if (plain && plain !== form && !folded.has(plain)) folded.set(plain, gloss)
  }
  for (const [plain, gloss] of folded) if (!forms.has(plain)) forms.set(plain, gloss)
  const prefixes = new Set<string>()
  for (const form of forms.keys()) if (form.length >= PREFIX_LETTERS) prefixes.add(prefixOf(form))
  return { language, forms, functionWords, prefixes, stem, longestForm, longestPhrase, contentForms }
}

/**
 * Letters people type plainly that are not a base letter with an accent: Polish ł, Danish ø, Turkish
 * ı…; and the Persian and Arabic forms of yeh and kaf, typed on either keyboard (ی ي ى, ک ك).
 */
const PLAIN_LETTERS: Record<string, string> = {
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ı: 'i',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ی: 'ي',
  ى: 'ي',
  ک: 'ك',
}

/**
 * A word as it is typed without accents and special letters ("błąd" → "blad", "ёлка" → "елка").
 * Cyrillic й is a letter of its own, not и with a mark: it stays.
 */
export function foldLetters(word: string): string {
  return word.replace(/[^йЙ]+/g, foldAccents).replace(/[łøđıßæœیىک]/g, (letter) => PLAIN_LETTERS[letter])
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
export function lookup(lexicon: Lexicon, lower: string): string | undefined {
  const exact = lexicon.forms.get(lower)
  if (exact !== undefined || !/\p{Script=Arabic}/u.test(lower)) return exact
  return lexicon.forms.get(foldLetters(lower))
}

/** A word's first letters (UTF-16 units: the alphabets detection compares are all in the BMP). */
function prefixOf(word: string): string {
  return word.slice(0, PREFIX_LETTERS)
}

/** Adds the stems of up to `count` more content words to a lexicon's table (the first entry of a stem wins). */
function extendStems(lexicon: Lexicon, stem: (word: string) => string, count: number): StemTable {
  const table = (lexicon.stems ??= { glosses: new Map(), plain: new Map(), stemmed: 0 })
  const end = Math.min(lexicon.contentForms.length, table.stemmed + count)
  for (; table.stemmed < end; table.stemmed++) {
    const [form, gloss] = lexicon.contentForms[table.stemmed]
    const key = stem(form)
    // Snowball's Czech stems some words to nothing ("kino"): an empty stem matches no other word.
    if (!key) continue
    if (!table.glosses.has(key)) table.glosses.set(key, gloss)
    const plainForm = foldable(form) ? foldLetters(form) : form
    if (plainForm === form) continue
    const plain = stem(plainForm)
    if (plain && !table.plain.has(plain)) table.plain.set(plain, gloss)
  }
  return table
}

/** The whole stem table of a lexicon, finishing it now if the warm-up has not. */
function stemsOf(lexicon: Lexicon, stem: (word: string) => string): StemTable {
  return extendStems(lexicon, stem, Infinity)
}

/** How many words one slice of a warm-up stems: ~5–20 ms, so requests are not held up behind it. */
const STEM_SLICE = 250

/** Builds a lexicon's stem table a slice at a time, giving the event loop back between slices. */
async function warmStems(lexicon: Lexicon): Promise<void> {
  if (!lexicon.stem) return
  while (extendStems(lexicon, lexicon.stem, STEM_SLICE).stemmed < lexicon.contentForms.length)
    await new Promise((resolve) => setImmediate(resolve))
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
  const gloss = glossForm(lower, lexicon, stemming)
  if (gloss !== null || lexicon.language !== 'de') return gloss
  for (const spelled of withUmlauts(lower)) {
    const umlauted = glossForm(spelled, lexicon, stemming)
    if (umlauted !== null) return umlauted
  }
  return null
}

/** The gloss of a word in lower case, as it is spelled: its form, its particles taken off, then its stem. */
function glossForm(lower: string, lexicon: Lexicon, stemming: boolean): string | null {
  const exact = lookup(lexicon, lower)
  if (exact !== undefined) return exact
  if (lexicon.language === 'ar')
    for (const base of arabicBases(lower)) {
      const gloss = lookup(lexicon, base)
      if (gloss !== undefined) return gloss
    }
  if (!stemming || !lexicon.stem || [...lower].length < 3) return null
  const stems = stemsOf(lexicon, lexicon.stem)
  const found = stems.glosses.get(lexicon.stem(lower))
  if (found !== undefined || !foldable(lower)) return found ?? null
  // Typed without its accents, or with letters Snowball leaves alone (Russian ё): the word without
  // them, against the stems as they are and then against the stems without theirs.
  const plainStem = lexicon.stem(foldLetters(lower))
  return stems.glosses.get(plainStem) ?? stems.plain.get(plainStem) ?? null
}

/** How many "ae", "oe" and "ue" of a word are tried as umlauts (each may be one or not: "Steuererklaerung"). */
const MOST_UMLAUT_SPELLINGS = 3

/**
 * A German word typed without umlauts ("fuehrerschein", "schoen", "Steuererklaerung") spelled with
 * them, every way its ae, oe and ue may stand for ä, ö and ü ("schoen" is "schön", not "schon").
 */
function withUmlauts(word: string): string[] {
  const pairs = [...word.matchAll(/[aou]e/g)].map((match) => match.index)
  if (pairs.length === 0 || pairs.length > MOST_UMLAUT_SPELLINGS) return []
  const spellings: string[] = []
  for (let chosen = (1 << pairs.length) - 1; chosen > 0; chosen--) {
    let spelled = word
    for (let pair = pairs.length - 1; pair >= 0; pair--)
      if (chosen & (1 << pair)) {
        const at = pairs[pair]
        spelled = `${spelled.slice(0, at)}${UMLAUTS[spelled[at]]}${spelled.slice(at + 2)}`
      }
    spellings.push(spelled)
  }
  return spellings
}

const UMLAUTS: Record<string, string> = { a: 'ä', o: 'ö', u: 'ü' }

/**
 * An Arabic word without the particles written onto it, longest first: "and"/"so" (و ف), then
 * "with"/"for"/"like" and "the" (ب ل ك ال): فكان → كان, بالمسطرة → مسطرة. At least two letters stay.
 */
function arabicBases(word: string): string[] {
  const bases: string[] = []
  for (const conjunction of ['', 'و', 'ف']) {
    if (!word.startsWith(conjunction)) continue
    const rest = word.slice(conjunction.length)
    for (const particle of ['بال', 'كال', 'فال', 'لل', 'ال', 'ب', 'ل', 'ك', ''])
      if (rest.startsWith(particle) && rest.length - particle.length >= 2 && conjunction + particle !== '')
        bases.push(rest.slice(particle.length))
  }
  return bases.sort((left, right) => right.length - left.length)
}

/** A word in lower case; the dotted capital İ of Turkish becomes i, not i with a combining dot. */
export function lowerCase(text: string): string {
  return text.toLowerCase().replace(/i\u0307/g, 'i')
}

/** Typographic apostrophes typed as plain ones ("d’abord" is "d'abord"). */
export function plainApostrophes(text: string): string {
  return text.replace(/[’‘ʼ]/g, "'")
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

/**
 * Lexicons by language; a shelf also tells a language's function words without reading its lexicon
 * whole (an English text is told from the others by function words alone).
 */
export type Lexicons = ReadonlyMap<string, Lexicon> & { functionWordsOf?(language: string): ReadonlySet<string> }

/** A line of a function word: its form. */
const FUNCTION_WORD_LINE = /^([^\t\n]+)\t[^\t\n]*\tf[ \t\r]*$/gm

/**
 * The function words of a lexicon file, read from their lines alone: the set `parseLexicon` makes,
 * as long as no function word's form is also an earlier content line (a test checks the shipped files).
 */
export function scanFunctionWords(tsv: string): Set<string> {
  const words = new Set<string>()
  for (const [, form] of tsv.matchAll(FUNCTION_WORD_LINE)) {
    const word = plainApostrophes(form.normalize('NFKC').toLowerCase()).trim()
    if (word) words.add(word)
  }
  return words
}

/**
 * The lexicons of a directory, each parsed on its first lookup: a process that only ever sees
 * English and French reads no Greek (reading all 25, 10.3 MB, takes ~2.6 s). Iterating reads all.
 */
export class LexiconShelf implements Lexicons {
  private readonly files: ReadonlyMap<string, string>
  private readonly parsed = new Map<string, Lexicon>()
  private readonly scanned = new Map<string, ReadonlySet<string>>()

  constructor(directory: string) {
    this.files = new Map(lexiconFiles(directory))
  }

  get size(): number {
    return this.files.size
  }

  has(language: string): boolean {
    return this.files.has(language)
  }

  get(language: string): Lexicon | undefined {
    const file = this.files.get(language)
    if (file === undefined) return undefined
    let lexicon = this.parsed.get(language)
    if (!lexicon) this.parsed.set(language, (lexicon = parseLexicon(language, readFileSync(file, 'utf8'))))
    return lexicon
  }

  /** A language's function words: from its lexicon when read, else from its function-word lines (~1 ms). */
  functionWordsOf(language: string): ReadonlySet<string> {
    const lexicon = this.parsed.get(language)
    if (lexicon) return lexicon.functionWords
    let words = this.scanned.get(language)
    if (!words) this.scanned.set(language, (words = scanFunctionWords(readFileSync(this.files.get(language)!, 'utf8'))))
    return words
  }

  /**
   * Reads every lexicon and builds its stem table now, a language and a slice at a time, so a server
   * takes these seconds at its start and keeps answering meanwhile, instead of inside the request
   * that first meets a language.
   */
  async warm(): Promise<void> {
    for (const language of this.files.keys()) {
      await warmStems(this.get(language)!)
      await new Promise((resolve) => setImmediate(resolve))
    }
  }

  keys(): MapIterator<string> {
    return this.files.keys()
  }

  *entries(): MapIterator<[string, Lexicon]> {
    for (const language of this.files.keys()) yield [language, this.get(language)!]
  }

  *values(): MapIterator<Lexicon> {
    for (const [, lexicon] of this.entries()) yield lexicon
  }

  [Symbol.iterator](): MapIterator<[string, Lexicon]> {
    return this.entries()
  }

  forEach(callback: (lexicon: Lexicon, language: string, map: ReadonlyMap<string, Lexicon>) => void): void {
    for (const [language, lexicon] of this.entries()) callback(lexicon, language, this)
  }
}

/** One shelf per process, also across Next's server bundle and node_modules copies of this module. */
const SHARED_LEXICONS = Symbol.for('reflexion.glossLexicons')
const shared = globalThis as typeof globalThis & { [SHARED_LEXICONS]?: LexiconShelf }

/** The shipped lexicons, each read on first use (synchronously: each takes 10–350 ms). */
export function glossLexicons(): LexiconShelf {
  return (shared[SHARED_LEXICONS] ??= new LexiconShelf(lexiconDirectory()))
}
