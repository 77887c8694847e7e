import type { RecallEvalLine } from './recall-evaluation'

/** A fixture for scoring: recall-eval input whose queries name the lessons they should get. */
export type ScoredFixture = {
  lessons: { id: string; user: string; content: string }[]
  queries: { user: string; prompt: string; expect?: string[] }[]
  k?: number
}

/** The figures of one evaluation. */
export type RecallScoreSummary = {
  related: number
  recallAtK: number
  unrelated: number
  falseRecalls: number
  leaks: number
}

/**
 * Scores recalled ids: recall@k over the queries that expect lessons (any expected id in the top k),
 * false recalls (unrelated queries that got any lesson) and leaks (a lesson of another user returned).
 */
export function scoreRecall(
  fixture: ScoredFixture,
  lines: readonly RecallEvalLine[],
): { summary: RecallScoreSummary; misses: string[] } {
  const owner = new Map(fixture.lessons.map((lesson) => [lesson.id, lesson.user]))
  const content = new Map(fixture.lessons.map((lesson) => [lesson.id, lesson.content]))
  const misses: string[] = []
  let related = 0
  let found = 0
  let unrelated = 0
  let falseRecalls = 0
  let leaks = 0
  fixture.queries.forEach((query, position) => {
    const ids = lines.find((line) => line.query === position)?.ids ?? []
    const expect = query.expect ?? []
    for (const id of ids) {
      const user = owner.get(id)
      if (user !== '*' && user !== query.user) {
        leaks++
        misses.push(`LEAK #${position} ${query.user}: ${id} (${user})`)
      }
    }
    if (expect.length === 0) {
      unrelated++
      if (ids.length > 0) {
        falseRecalls++
        misses.push(`FALSE #${position} "${query.prompt}" → ${ids.join(', ')}`)
      }
      return
    }
    related++
    if (ids.some((id) => expect.includes(id))) found++
    else
      misses.push(
        `MISS #${position} "${query.prompt}" want ${expect.join('|')} (${content.get(expect[0])}) got ${ids.join(', ') || 'nothing'}`,
      )
  })
  return {
    summary: { related, recallAtK: related === 0 ? 1 : found / related, unrelated, falseRecalls, leaks },
    misses,
  }
}
