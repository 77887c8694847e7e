/**
 * The details a question names: attempt numbers (digits, words, ordinals, "last", "first",
 * "第二次", "最后一次"), a model role (agent, evaluator, reflector, worker) and a tool or event
 * type present in the log.
 */

/** An attempt as named: a number, or the first/last/previous one. */
export type AttemptReference = number | 'first' | 'last' | 'previous'

/** What a question names besides its topic. */
export type QuestionSlots = {
  attempts: AttemptReference[]
  role: 'agent' | 'evaluator' | 'reflector' | 'worker' | null
  /** Asked per attempt or per role ("each attempt", "by role"). */
  breakdown: 'attempt' | 'role' | null
}

const WORD_NUMBERS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
}
const HAN_DIGITS: Record<string, number> = {
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
  十: 10,
}

/** A number written in Han numerals (一…九十九) or digits. */
export function hanNumber(text: string): number | null {
  if (/^\d+$/.test(text)) return Number(text)
  if (text === '十') return 10
  const tens = /^([一二两三四五六七八九])?十([一二三四五六七八九])?$/.exec(text)
  if (tens) return (tens[1] ? HAN_DIGITS[tens[1]] : 1) * 10 + (tens[2] ? HAN_DIGITS[tens[2]] : 0)
  return text.length === 1 ? (HAN_DIGITS[text] ?? null) : null
}

const ATTEMPT_NOUN = '(?:attempts?|tries|try|rounds?|runs?|iterations?|passes|pass|goes|go|trials?|steps?)'
const NUMBER_WORD = `(\\d+|${Object.keys(WORD_NUMBERS).join('|')})`

function attemptsOf(text: string): AttemptReference[] {
  const found: { at: number; value: AttemptReference }[] = []
  const add = (at: number, value: AttemptReference | null) => {
    if (value !== null && !found.some((entry) => entry.at === at)) found.push({ at, value })
  }
  const word = (raw: string): number | null => (/^\d+$/.test(raw) ? Number(raw) : (WORD_NUMBERS[raw] ?? null))
  // "attempt 2", "attempts 1 and 3", "try #2", "round two"
  for (const match of text.matchAll(
    new RegExp(
      `${ATTEMPT_NOUN}\\s*(?:#|no\\.?|number)?\\s*${NUMBER_WORD}((?:\\s*(?:,|and|&|to|vs\\.?|versus|-|–)\\s*#?${NUMBER_WORD})*)`,
      'g',
    ),
  )) {
    add(match.index, word(match[1]))
    for (const extra of (match[2] ?? '').matchAll(new RegExp(NUMBER_WORD, 'g')))
      add(match.index + 1 + extra.index, word(extra[1]))
  }
  // "the 2nd attempt", "second try", "first and third attempts"
  for (const match of text.matchAll(
    /\b(\d+)(?:st|nd|rd|th)\b|\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\b(?=(?:\s+(?:and|&|,|vs\.?|or)\s+\w+)*\s+(?:attempt|try|tries|round|run|iteration|one|pass|go|trial))/g,
  ))
    add(match.index, match[1] ? Number(match[1]) : (WORD_NUMBERS[match[2]] ?? null))
  for (const match of text.matchAll(
    /\b(first|second|third|fourth|fifth)\b\s+(?:and|&|or|vs\.?)\s+\b(second|third|fourth|fifth|last)\b/g,
  )) {
    add(match.index, WORD_NUMBERS[match[1]])
    add(match.index + match[0].length - match[2].length, match[2] === 'last' ? 'last' : WORD_NUMBERS[match[2]])
  }
  for (const match of text.matchAll(
    /\b(?:last|final|latest|most recent)\s+(?:one|attempt|try|round|run|iteration|pass)\b|\b(?:last|final)(?:\s+one)?\s*\??\s*$/g,
  ))
    add(match.index, 'last')
  for (const match of text.matchAll(/\b(previous|prior|earlier)\s+(?:one|attempt|try|round)/g))
    add(match.index, 'previous')
  for (const match of text.matchAll(/\b(initial|first)\s+(?:one|attempt|try|round|run|pass)/g)) add(match.index, 1)
  // 第二次, 第2轮, 第三个尝试
  for (const match of text.matchAll(/第\s*([一二两三四五六七八九十\d]+)\s*(?:次|轮|回|个|遍)?/g))
    add(match.index, hanNumber(match[1]))
  for (const match of text.matchAll(/(最后|最近|末)\s*一?\s*(?:次|轮|回)/g)) add(match.index, 'last')
  for (const match of text.matchAll(/(上一次|上一轮|前一次)/g)) add(match.index, 'previous')
  for (const match of text.matchAll(/(首次|头一次|第一次)/g)) add(match.index, 1)
  // "1 vs 2", "between 1 and 3" (numbers alone, when the question compares)
  if (found.length === 0)
    for (const match of text.matchAll(/\b(?:between\s+)?(\d+)\s*(?:and|vs\.?|versus|&|to|和|与|跟)\s*(\d+)\b/g)) {
      add(match.index, Number(match[1]))
      add(match.index + match[0].length - match[2].length, Number(match[2]))
    }
  return found.sort((left, right) => left.at - right.at).map((entry) => entry.value)
}

function roleOf(text: string): QuestionSlots['role'] {
  if (/evaluat|judge|grader|critic|评估|评委|评审|裁判|评判/.test(text)) return 'evaluator'
  if (/reflector|reflection model|反思/.test(text)) return 'reflector'
  if (/\bworkers?\b|工人|子代理/.test(text)) return 'worker'
  if (/\bagent\b|智能体|代理/.test(text)) return 'agent'
  return null
}

/** Reads the slots of a question. */
export function questionSlots(question: string): QuestionSlots {
  const text = question.toLowerCase()
  const breakdown = /each attempt|every attempt|per attempt|by attempt|each try|每次|每一次|每轮|各次/.test(text)
    ? 'attempt'
    : /per role|by role|each role|every role|each model|每个角色|按角色|各角色/.test(text)
      ? 'role'
      : null
  return { attempts: [...new Set(attemptsOf(text))], role: roleOf(text), breakdown }
}
