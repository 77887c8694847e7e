import { readScoreExpression, scaleInLabel, toFraction, type ScoreExpression } from './score-expression'
import { jsonScoreCandidates, type ScoreCandidate } from './score-json'
import { LABEL_TIERS, labelPattern, qualifierRank } from './score-words'

/** Scores are compared with the threshold at this precision, so `2.4/3` (0.7999…) passes a 0.8 threshold. */
const SCORE_DECIMALS = 6

/** A score rounded to the precision it is compared at: float noise never decides pass or fail. */
export function roundScore(score: number): number {
  const factor = 10 ** SCORE_DECIMALS
  return Math.round(score * factor) / factor
}

const LABELS = Array.from({ length: LABEL_TIERS }, (_, tier) => new RegExp(labelPattern(tier), 'giu'))
/** Between a label and its value: an optional qualifier or range (`(0-1)`, `out of 10`) then `:` or `=`. */
const SEPARATOR = /^([^\n:=]{0,40}?)\s*(?::|=>|=)/u
/** Or the words of a sentence: `score is 7/10`, `a score of 8 out of 10`, `score → 0.8`. */
const SENTENCE = /^["'*_\s]*(?:is|was|of|would be|will be|→|->)\s+(?:an?\s+|about\s+|around\s+)?/iu
/** A label directly followed by a value counts only with an explicit scale (`Score 8/10`), not `Score 3 issues`. */
const DIRECT = /^["'*_\s]+/u
/** Any short label in any language before `:` with an explicitly scaled value, as a last resort: `Skóre: 8/10`. */
const ANY_LABEL = /^[^\S\n]*[*_]*\p{L}[\p{L}\p{M} ]{0,24}[*_]*[^\S\n]*:/gmu

const CLAUSE_END = /^[^\S\n]*(?:$|\n|[.,;:)\]—–(*_]|-\s)/u

function labelled(text: string, labelEnd: number): { expression: ScoreExpression; middle: string } | undefined {
  const rest = text.slice(labelEnd, labelEnd + 80)
  const separated = SEPARATOR.exec(rest)
  if (separated) {
    const expression = readScoreExpression(text, labelEnd + separated[0].length)
    if (expression) return { expression, middle: separated[1]! }
  }
  const sentence = SENTENCE.exec(rest)
  if (sentence) {
    const expression = readScoreExpression(text, labelEnd + sentence[0].length)
    if (expression) return { expression, middle: '' }
  }
  const direct = DIRECT.exec(rest)
  if (direct) {
    const expression = readScoreExpression(text, labelEnd + direct[0].length)
    if (expression?.scale !== undefined) return { expression, middle: '' }
  }
  return undefined
}

function labelCandidates(text: string, tier: number): ScoreCandidate[] {
  const candidates: ScoreCandidate[] = []
  const pattern = LABELS[tier]!
  pattern.lastIndex = 0
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const end = match.index + match[0].length
    const found = labelled(text, end)
    if (!found) continue
    // A word that also means something else (`Note: 3 stops are too many`) needs a value that ends its clause.
    if (tier > 0 && !CLAUSE_END.test(text.slice(found.expression.end ?? 0, (found.expression.end ?? 0) + 3))) continue
    const fraction = toFraction(found.expression, scaleInLabel(found.middle))
    if (fraction === undefined) continue
    const lineStart = text.lastIndexOf('\n', match.index) + 1
    const label = text.slice(Math.max(lineStart, match.index - 30), end) + found.middle
    candidates.push({ fraction, position: match.index, rank: qualifierRank(label), tier })
  }
  return candidates
}

function anyLabelCandidates(text: string): ScoreCandidate[] {
  const candidates: ScoreCandidate[] = []
  ANY_LABEL.lastIndex = 0
  for (let match = ANY_LABEL.exec(text); match; match = ANY_LABEL.exec(text)) {
    const expression = readScoreExpression(text, match.index + match[0].length)
    if (!expression || expression.scale === undefined) continue
    const fraction = toFraction(expression)
    if (fraction !== undefined) candidates.push({ fraction, position: match.index, rank: 0, tier: LABEL_TIERS })
  }
  return candidates
}

/** The whole reply is a score and nothing else: `0.9`, `8/10`, `**85%**`. */
function bareReply(text: string): number | undefined {
  const stripped = text.trim()
  const expression = readScoreExpression(stripped)
  if (!expression || !/^[\s*_"'`.]*$/.test(stripped.slice(expression.end ?? 0))) return undefined
  return toFraction(expression)
}

function choose(candidates: ScoreCandidate[]): number | undefined {
  if (candidates.length === 0) return undefined
  const ordered = [...candidates].sort((left, right) => left.position - right.position)
  return (ordered.find((candidate) => candidate.rank > 0) ?? ordered[0]!).fraction
}

/**
 * Reads an evaluator reply as a score in [0, 1], rounded to 6 decimals. Understands labels in many
 * languages with any colon (`score: 7/10`, `Score：0.8`, `Note : 16/20`, `评分：8`), sentences (`a score of
 * 8 out of 10`), parenthesised ranges (`Score (0-1): .9`), JSON anywhere (`{"score": 0.95}`, in a code fence,
 * with `max_score`), percentages, and a reply that is only a number. A bare value ≤ 1 is a fraction, ≤ 10 out
 * of 10, ≤ 100 out of 100. A label that says final/overall wins; otherwise the first score. No score → 0.
 */
export function parseScore(reply: string): number {
  const text = reply.normalize('NFKC')
  for (let tier = 0; tier < LABEL_TIERS; tier++) {
    const found = choose([
      ...jsonScoreCandidates(text).filter((item) => item.tier === tier),
      ...labelCandidates(text, tier),
    ])
    if (found !== undefined) return roundScore(found)
  }
  return roundScore(choose(anyLabelCandidates(text)) ?? bareReply(text) ?? 0)
}
