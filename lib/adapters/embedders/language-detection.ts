import { ENGLISH_FUNCTION_WORDS } from '../../core/reflexion/text-features'
import {
  foldLetters,
  glossWord,
  lowerCase,
  plainApostrophes,
  probablyKnows,
  type Lexicon,
  type Lexicons,
} from './lexicon'

/**
 * Which lexicon a text is glossed from: by its script, or, for the Latin script, by the function
 * words it uses and how many of its words a lexicon knows.
 */

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

/** A word that is one vowel (after folding its accents: "à", "é", "ó"). */
const LONE_VOWEL = /^[aeiouy]$/

/** How many of a text's words detection reads: the opening of a long text tells its language as well. */
const SAMPLE_WORDS = 300

/** Languages written in a script of their own, by script: segmented ones (any of their letters), then alphabets. */
const SEGMENTED_SCRIPTS: readonly [RegExp, string][] = [
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, 'ja'],
  [/\p{Script=Hangul}/u, 'ko'],
]
const ALPHABETS: readonly [RegExp, readonly string[]][] = [
  [/\p{Script=Cyrillic}/u, ['ru', 'uk']],
  [/\p{Script=Arabic}/u, ['ar', 'fa']],
  [/\p{Script=Devanagari}/u, ['hi']],
  [/\p{Script=Greek}/u, ['el']],
]
const SCRIPT_LANGUAGES = new Set([
  ...SEGMENTED_SCRIPTS.map(([, language]) => language),
  ...ALPHABETS.flatMap(([, languages]) => languages),
])

/**
 * The language of a text to gloss, or null for English (and for what no lexicon knows): kana is
 * Japanese and Hangul Korean; a text mostly in the letters of another alphabet (Cyrillic, Arabic,
 * Devanagari, Greek) is the language of that script whose lexicon knows most of its words, inflected
 * ones by their stem (Russian or Ukrainian; Arabic glues "and", "the", "with" to its words); a
 * Latin-script text is the language whose function words it uses most, when they outnumber its
 * English function words (ties go to the language whose lexicon knows more of its words, each counted by
 * how few lexicons know it). Either way the lexicon must know half of the words. Chinese is left to the Chinese gloss.
 */
export function detectLanguage(text: string, lexicons: Lexicons): string | null {
  for (const [script, language] of SEGMENTED_SCRIPTS)
    if (script.test(text)) return lexicons.has(language) ? language : null
  const words = sampleWords(text)
  if (words.length === 0) return null
  const knows = (lexicon: Lexicon) => words.filter((word) => probablyKnows(word, lexicon)).length
  const knowsEnough = (known: number) => known >= words.length * MIN_KNOWN_SHARE
  for (const [script, languages] of ALPHABETS)
    if (words.filter((word) => script.test(word)).length * 2 > words.length) {
      const glosses = (lexicon: Lexicon) => words.filter((word) => glossWord(word, lexicon) !== null).length
      const best = mostOf(
        languages.flatMap((language) => lexicons.get(language) ?? []),
        glosses,
      )
      return best && knowsEnough(best.known) ? best.lexicon.language : null
    }
  const latinLanguages = [...lexicons.keys()].filter((language) => !SCRIPT_LANGUAGES.has(language))
  // Only texts with evidence of another language read the Latin lexicons whole.
  let latin: Lexicon[] | undefined
  const latinLexicons = () => (latin ??= latinLanguages.map((language) => lexicons.get(language)!))
  let weights: ((lexicon: Lexicon) => number) | undefined
  const telling = (lexicon: Lexicon) => (weights ??= tellingWeights(words, latinLexicons()))(lexicon)
  const functionWordsOf = (language: string) =>
    lexicons.functionWordsOf?.(language) ?? lexicons.get(language)!.functionWords
  const english = words.filter((word) => ENGLISH_FUNCTION_WORDS.has(word)).length
  // A word that is English too ("a", "in", "no", "come") tells nothing: "Plan a walk in Rome" is English.
  const notEnglish = words.filter((word) => !ENGLISH_FUNCTION_WORDS.has(word) && !ALSO_ENGLISH.has(word))
  // A lone vowel tells a text from English ("o", "e", "y"), but little about which language it is, so
  // it only breaks ties of longer function words. A lone consonant tells neither: elided "l'" and "d'"
  // are French, Catalan and Italian alike, and English splits into "candidate's" and "don't" too.
  let best: (Evidence & { lexicon: Lexicon }) | null = null
  for (const language of latinLanguages) {
    const functionWords = functionWordsOf(language)
    const own = notEnglish.filter((word) => functionWords.has(word))
    const longer = own.filter((word) => [...word].length > 1).length
    const letters = own.filter((word) => LONE_VOWEL.test(foldLetters(word))).length
    if (longer + letters === 0) continue
    const lexicon = lexicons.get(language)!
    const known = knows(lexicon)
    // A lexicon that knows few of the words is not the language, whatever function words it shares.
    if (!knowsEnough(known)) continue
    const candidate = { lexicon, functionWords: longer, letters, known, telling: telling(lexicon) }
    if (!best || compareEvidence(candidate, best) > 0) best = candidate
  }
  // A word with accents or Spanish punctuation is evidence too: "Planifica un día tranquilo" has one
  // function word against English's "a"-free none, but "día" is no English word.
  const foreignLetters = /[¿¡]/u.test(text) || words.some((word) => foldLetters(word) !== word)
  if (best && best.functionWords + best.letters + (foreignLetters ? 1 : 0) > english) return best.lexicon.language
  // A short command may have no function word of its language ("Haftalık toplantıyı özetle."), or
  // only a chance one of another ("e" is Italian): with letters English does not use and no English
  // word, it is the language whose lexicon knows most of it (by telling words). Otherwise a lexicon that knows few of
  // the words is a chance hit ("po" in Polish is Italian too).
  if (english === 0 && foreignLetters && words.length >= 3) {
    const most = mostOf(latinLexicons(), telling)
    if (most && knows(most.lexicon) >= words.length * MIN_KNOWN_SHARE_WITHOUT_FUNCTION_WORDS)
      return most.lexicon.language
  }
  return null
}

/**
 * How much of a text each Latin-script lexicon knows, each word weighted by how few lexicons know it:
 * "degrés" (French alone) tells more than "Fahrenheit" or "Celsius", which half of them list.
 */
function tellingWeights(words: readonly string[], latin: readonly Lexicon[]): (lexicon: Lexicon) => number {
  const knownBy = words.map((word) => latin.filter((lexicon) => probablyKnows(word, lexicon)))
  return (lexicon) => knownBy.reduce((sum, lexicons) => sum + (lexicons.includes(lexicon) ? 1 / lexicons.length : 0), 0)
}

type Evidence = { functionWords: number; letters: number; telling: number }

/** Which of two languages a text's words speak for more: longer function words, then single letters, then telling words. */
function compareEvidence(left: Evidence, right: Evidence): number {
  return left.functionWords - right.functionWords || left.letters - right.letters || left.telling - right.telling
}

/**
 * A word for detection: letters and marks, joined by Persian's zero-width non-joiner, and by an
 * apostrophe between Cyrillic letters (Ukrainian "м'ясо", "комп'ютер": split, neither half is a word).
 * Elsewhere an apostrophe splits: elided "l'" and "d'" are words of their own.
 */
const SAMPLE_WORD = /[\p{L}\p{M}]+(?:(?:\u200c|(?<=\p{Script=Cyrillic})'(?=\p{Script=Cyrillic}))[\p{L}\p{M}]+)*/gu

/** A text's first words in lower case, without Han characters (left to the Chinese gloss). */
function sampleWords(text: string): string[] {
  const words: string[] = []
  for (const [word] of plainApostrophes(lowerCase(text.normalize('NFKC'))).matchAll(SAMPLE_WORD)) {
    if (/\p{Script=Han}/u.test(word)) continue
    words.push(word)
    if (words.length === SAMPLE_WORDS) break
  }
  return words
}

/** The lexicon that knows the most of a text's words (the first of a tie), and how many. */
function mostOf(lexicons: readonly Lexicon[], knows: (lexicon: Lexicon) => number) {
  let best: { lexicon: Lexicon; known: number } | null = null
  for (const lexicon of lexicons) {
    const known = knows(lexicon)
    if (!best || known > best.known) best = { lexicon, known }
  }
  return best
}
