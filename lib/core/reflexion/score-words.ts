/**
 * The words judges put before a score, in the languages our users write in. Tier 0 words name a score and
 * nothing else; tier 1 words also mean other things (`Note:` is a remark in English, a grade in French), so
 * they count only when no tier 0 label is present.
 */
const WORDS: readonly (readonly string[])[] = [
  [
    'score',
    'rating',
    'grade',
    'skor',
    'skóre',
    'punktzahl',
    'bewertung',
    'wertung',
    'puntuación',
    'puntuacion',
    'puntaje',
    'calificación',
    'calificacion',
    'pontuação',
    'pontuacao',
    'punteggio',
    'valutazione',
    'beoordeling',
    'cijfer',
    'оценка',
    'оцінка',
    'балл',
    'баллы',
    'бал',
    'рейтинг',
    'ocena',
    'punktacja',
    'puan',
    'poäng',
    'betyg',
    'karakter',
    'điểm',
    'nilai',
    'βαθμολογία',
    'βαθμός',
    'ציון',
    'درجة',
    'تقييم',
    'स्कोर',
    'अंक',
    '分数',
    '分數',
    '评分',
    '評分',
    '得分',
    '打分',
    '评级',
    'スコア',
    '点数',
    '得点',
    '評価',
    '점수',
    '평점',
    '평가',
  ],
  [
    'note',
    'mark',
    'marks',
    'points',
    'punkte',
    'nota',
    'voto',
    'not',
    'évaluation',
    'evaluation',
    'evaluación',
    'avaliação',
    'valoración',
    'result',
    'résultat',
    'ergebnis',
  ],
]

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u
const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A regex alternation for one tier; words in scripts without spaces need no word boundary. */
export function labelPattern(tier: number): string {
  return WORDS[tier]!.map((word) =>
    CJK.test(word) ? escape(word) : String.raw`(?<![\p{L}\p{N}])${escape(word)}(?![\p{L}])`,
  ).join('|')
}

/** How many tiers of label words there are. */
export const LABEL_TIERS = WORDS.length

/**
 * The tier of a JSON key that names a score, or undefined: a tier 0 word anywhere in the key (`overall_score`,
 * `finalRating`), a tier 1 word only as the whole key (`note`, not `footnote`).
 */
export function isScoreWord(normalKey: string): number | undefined {
  if (WORDS[0]!.some((word) => normalKey.includes(word))) return 0
  return WORDS.slice(1).findIndex((words) => words.includes(normalKey)) + 1 || undefined
}

const QUALIFIER =
  /final|overall|total|global|aggregate|gesamt|endg|insgesamt|général|general|globale|итог|общ|最终|最終|总|總|综合|綜合|종합|최종/iu

/** 1 when a label says it is the final/overall score (preferred over per-criterion scores), else 0. */
export function qualifierRank(label: string): number {
  return QUALIFIER.test(label) ? 1 : 0
}
