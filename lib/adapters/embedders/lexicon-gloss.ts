import { glossWord, lookup, lowerCase, plainApostrophes, type Lexicon } from './lexicon'

/**
 * A word-by-word English gloss of text in languages the sentence encoder does not know, from the
 * bilingual lexicons in `lexicons/` (one `<language>.tsv` each: form, English gloss, `f` for a
 * function word). Inflected words are found by their Snowball stem; Japanese, written without
 * spaces, is segmented by the longest entry (kanji compounds missing from its lexicon are looked up
 * in the Chinese dictionary). Not a translation: each word's main sense, in order, so a French task
 * and an English lesson meet in the encoder.
 */

/** A word, with its hyphens, apostrophes and the zero-width non-joiners of Persian (می‌خواهم). */
const WORD = /[\p{L}\p{M}\p{N}]+(?:[-'\u200c][\p{L}\p{M}\p{N}]+)*/gu

/**
 * Glosses a text written with spaces between words: each known word becomes its English gloss (a
 * function word of pure grammar goes), an unknown one (a name, a loan word, "crontab") stays as it is:
 * its form still carries meaning ("vomitato" beside a lesson's "vomit"; dropping unknown words measured
 * no better, bench/RESULTS.md).
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
  const parts = token.split(/([-'\u200c])/)
  for (let position = 0; position < parts.length; position += 2) {
    const part = parts[position]
    const gloss = glossWord(part, lexicon, stemming)
    const elided = parts[position + 1] === "'" && [...part].length <= 3
    // Turkish writes a name's case ending after an apostrophe: "İstanbul'da" is Istanbul.
    const suffix = lexicon.language === 'tr' && parts[position - 1] === "'"
    if (suffix) continue
    const compound = gloss === null && stemming ? glossCompound(part, lexicon) : null
    if (compound) words.push(...compound)
    else if (gloss === null && !elided) words.push(part)
    else if (gloss) words.push(gloss)
  }
  return words
}

/** Languages that write compounds as one word ("kävelykierros", "Zeitzone", "sikkerhetskopi"). */
const COMPOUNDING = new Set(['de', 'nl', 'sv', 'da', 'no', 'fi', 'hu'])
/** The shortest part of a compound that is looked up (shorter ones match by chance). */
const SHORTEST_PART = 3
/**
 * The longest word read as a compound. Real ones stay under it; splitting costs the square of a
 * word's length (one 18,000-letter Finnish "word" held the process for 48 s).
 */
const LONGEST_COMPOUND = 64

/**
 * A compound the lexicon lacks, read as words it knows: the longest known head (as written, without
 * the linking "s" of Germanic compounds, or inflected when it is long: "Zeitzonen-") and a known tail,
 * inflected or itself a compound of two ("Zeitzonen|einstellung"). Null when no split finds both.
 */
function glossCompound(word: string, lexicon: Lexicon, parts = 3): string[] | null {
  if (!COMPOUNDING.has(lexicon.language) || parts < 2) return null
  const letters = [...lowerCase(word)]
  if (letters.length > LONGEST_COMPOUND) return null
  for (let split = letters.length - SHORTEST_PART; split >= SHORTEST_PART; split--) {
    const head = letters.slice(0, split).join('')
    const headGloss =
      lookup(lexicon, head) ??
      (head.endsWith('s') ? lookup(lexicon, head.slice(0, -1)) : undefined) ??
      (split >= 5 ? glossWord(head, lexicon) : null)
    if (!headGloss) continue
    const tail = letters.slice(split).join('')
    const tailGloss = glossWord(tail, lexicon)
    if (tailGloss) return [headGloss, tailGloss]
    const tailParts = glossCompound(tail, lexicon, parts - 1)
    if (tailParts) return [headGloss, ...tailParts]
  }
  return null
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
