/**
 * How recall ranks the candidates the database returns (nearest first): a relevance floor on the
 * similarity, small boosts for the run's task key and tags that reorder near-ties but never lift a
 * lesson past a clearly nearer one, the lessons above the floor ordered by reciprocal rank fusion of
 * that score and the keywords they share with the task (hybrid retrieval), and duplicates collapsed
 * (a user's lesson and its shared copy are one lesson); and the views a task is recalled by (the
 * whole text and its sentences), merged. Pure: unit-tested without a database.
 */

/** The boost a lesson gets for carrying the run's task key. */
export const TASK_KEY_BOOST = 0.04
/** The boost a lesson gets for sharing at least one of the run's tags. */
export const TAG_BOOST = 0.02
/**
 * Reciprocal rank fusion's constant: a lesson's fused score is 1/(RRF_K + its rank by score) plus
 * 1/(RRF_K + its rank by shared keywords). 10, 30, 60 and 120 measured alike on the dev sets; 60 is
 * the usual choice (bench/RESULTS.md).
 */
export const RRF_K = 60
/** The default relevance floor on cosine similarity, chosen on tests/fixtures/recall/dev.json. */
export const DEFAULT_RECALL_FLOOR = 0.25
/**
 * The floor for texts compared by word and character overlap alone (CJK, languages the sentence
 * encoder does not know), as a share of the floor: overlap cosines run lower (0.07 for 0.25). Chosen
 * on tests/fixtures/recall/dev*.json with the exact overlap (no hash collisions): 0.24 recalled a
 * lesson for an unrelated French question, 0.32 and up lost paraphrases; 0.36 suited hashed cosines.
 */
export const LEXICAL_FLOOR_RATIO = 0.28

/** The floor for one query: the tenant's floor, lowered toward the lexical floor as the text's meaning share drops. */
export function floorFor(floor: number, semanticShare: number): number {
  const lexical = floor * LEXICAL_FLOOR_RATIO
  return lexical + (floor - lexical) * Math.min(1, Math.max(0, semanticShare))
}

/** One candidate lesson, as the recall query returns it. */
export type RecallCandidate = {
  id: string
  content: string
  normalized: string
  userKey: string
  taskKey: string | null
  tags: string[]
  similarity: number
  /** For a member's lesson that was shared: the id of the shared lesson made from it. */
  sharedCopyId?: string | null
  /** How many words or CJK bigrams the lesson shares with the task (set when recall compares by words). */
  sharedTerms?: number
  /** How many keywords (stemmed words, CJK bigrams) it shares with the task: the keyword channel of the fusion. */
  sharedKeywords?: number
  /** Provenance: the run and attempt that wrote the lesson, and that attempt's score. */
  source?: { runId: string | null; attempt: number | null; score: number | null }
}

/** Why a lesson was recalled: always its similarity; the task key and tags it shares with the run. */
export type RecallReason = { similarity: number; taskKey?: string; tags?: string[]; boost: number }

/** A recalled lesson: the candidate, its ranking score (similarity plus boosts) and why. */
export type RankedLesson = RecallCandidate & { score: number; reason: RecallReason; duplicateIds: string[] }

/** What the run is about and how strict recall is. */
export type RankingOptions = {
  k: number
  floor: number
  taskKey?: string | null
  tags?: readonly string[]
  /** When the task is compared by words alone: a lesson must share at least this many terms with it. */
  minSharedTerms?: number
}

function reasonFor(candidate: RecallCandidate, options: RankingOptions): RecallReason {
  const taskKey = options.taskKey && candidate.taskKey === options.taskKey ? options.taskKey : undefined
  const tags = (options.tags ?? []).filter((tag) => candidate.tags.includes(tag))
  const boost = (taskKey ? TASK_KEY_BOOST : 0) + (tags.length > 0 ? TAG_BOOST : 0)
  return { similarity: candidate.similarity, ...(taskKey && { taskKey }), ...(tags.length > 0 && { tags }), boost }
}

/** Each lesson's rank by a value, best first; ties share the best rank (1 + how many are better). */
function ranks(lessons: readonly RankedLesson[], value: (lesson: RankedLesson) => number): number[] {
  return lessons.map((lesson) => 1 + lessons.filter((other) => value(other) > value(lesson)).length)
}

/**
 * The lessons above the floor (in score order) in fused order: reciprocal rank fusion of the score
 * (similarity plus boosts) and the shared keywords; a lesson sharing no keyword has no rank in that
 * channel. A lesson the vectors put just below another but that shares more of the task's words
 * moves up; fusion never brings in a lesson the floor left out.
 */
function fused(lessons: RankedLesson[]): RankedLesson[] {
  if (!lessons.some((lesson) => lesson.sharedKeywords !== undefined)) return lessons
  const keywordsOf = (lesson: RankedLesson) => lesson.sharedKeywords ?? 0
  const [byScore, byKeywords] = [ranks(lessons, (lesson) => lesson.score), ranks(lessons, keywordsOf)]
  const fusion = lessons.map(
    (lesson, position) =>
      1 / (RRF_K + byScore[position]) + (keywordsOf(lesson) > 0 ? 1 / (RRF_K + byKeywords[position]) : 0),
  )
  // Sorting positions keeps score order among equal fusions (the sort is stable).
  return lessons
    .map((_, position) => position)
    .sort((left, right) => fusion[right] - fusion[left])
    .map((position) => lessons[position])
}

/** The k most relevant candidates above the floor, best first, duplicates collapsed into the user's own lesson. */
export function rankLessons(candidates: readonly RecallCandidate[], options: RankingOptions): RankedLesson[] {
  const ranked = fused(
    candidates
      .filter((candidate) => Number.isFinite(candidate.similarity) && candidate.similarity >= options.floor)
      .filter((candidate) => !options.minSharedTerms || (candidate.sharedTerms ?? 0) >= options.minSharedTerms)
      .map((candidate) => {
        const reason = reasonFor(candidate, options)
        return { ...candidate, score: candidate.similarity + reason.boost, reason, duplicateIds: [] as string[] }
      })
      .sort(
        (left, right) =>
          right.score - left.score || right.similarity - left.similarity || (left.id < right.id ? -1 : 1),
      ),
  )
  const kept: RankedLesson[] = []
  const byId = new Map<string, RankedLesson>()
  const byText = new Map<string, RankedLesson>()
  for (const lesson of ranked) {
    const twin =
      byText.get(lesson.normalized) ??
      (lesson.sharedCopyId ? byId.get(lesson.sharedCopyId) : undefined) ??
      kept.find((other) => other.sharedCopyId === lesson.id)
    if (twin) {
      // The user's own lesson stands for the pair (their runs wrote it and strengthen it); the best score stays.
      if (twin.userKey === '*' && lesson.userKey !== '*') {
        twin.duplicateIds.push(twin.id)
        Object.assign(twin, { id: lesson.id, content: lesson.content, userKey: lesson.userKey })
        byId.set(lesson.id, twin)
      } else twin.duplicateIds.push(lesson.id)
      byText.set(lesson.normalized, twin) // a third copy with either text joins the pair
      continue
    }
    kept.push(lesson)
    byId.set(lesson.id, lesson)
    byText.set(lesson.normalized, lesson)
  }
  return kept.slice(0, options.k)
}

/** A sentence shorter than this many characters is no view of its own ("Thanks!", "Why?"). */
const MIN_VIEW_CHARACTERS = 13

/**
 * A text of more sentences than this is compared whole: it is a document pasted into the task, not
 * a scene and a question, and a view costs an embedding and a query (20,000 characters could make
 * 1,500 of them).
 */
export const MAX_TASK_SENTENCES = 8

/**
 * What recall compares a task by: the whole task and, when it has several sentences, each sentence
 * too. A task that sets a scene before it asks ("Our new payment module is tested on Thursday. The
 * boss wants it live on Friday at 4. Make a rollout plan.") has one vector for all of it, and the
 * sentence a lesson is about weighs a third; compared one by one, the lesson meets its sentence.
 * Measured on tests/fixtures/recall/dev*.json (bench/RESULTS.md): +4 tasks of 488, no more false recalls.
 */
export function taskViews(text: string): string[] {
  const sentences = text
    .split(/(?<=[.!?。！？;；])\s*/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length >= MIN_VIEW_CHARACTERS)
  return sentences.length > 1 && sentences.length <= MAX_TASK_SENTENCES ? [text, ...sentences] : [text]
}

/**
 * The k best of several views' recalls (each ranked under its own floor): each lesson once, at its
 * best score, and a lesson once kept stands for its twins (the same text, its shared copy) in the
 * other views, as within one view.
 */
export function mergeViews(views: readonly RankedLesson[][], k: number): RankedLesson[] {
  if (views.length === 1) return views[0].slice(0, k)
  // By score, not by each view's fused order: merging by best rank measured worse (dev sets, bench/RESULTS.md).
  const all = views
    .flat()
    .sort(
      (left, right) => right.score - left.score || right.similarity - left.similarity || (left.id < right.id ? -1 : 1),
    )
  const kept: RankedLesson[] = []
  const seen = new Set<string>()
  for (const lesson of all) {
    const ids = [lesson.id, ...lesson.duplicateIds, ...(lesson.sharedCopyId ? [lesson.sharedCopyId] : [])]
    const twins = [...ids.map((id) => `id:${id}`), `text:${lesson.normalized}`]
    if (twins.some((key) => seen.has(key))) continue
    kept.push(lesson)
    for (const key of twins) seen.add(key)
  }
  return kept.slice(0, k)
}
