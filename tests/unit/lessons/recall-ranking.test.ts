import { describe, expect, it } from 'vitest'
import {
  LEXICAL_FLOOR_RATIO,
  MAX_TASK_SENTENCES,
  TAG_BOOST,
  TASK_KEY_BOOST,
  floorFor,
  mergeViews,
  rankLessons,
  taskViews,
  type RecallCandidate,
} from '../../../lib/services/lessons/recall-ranking'

const candidate = (id: string, similarity: number, extra: Partial<RecallCandidate> = {}): RecallCandidate => ({
  id,
  content: `lesson ${id}`,
  normalized: `lesson ${id}`,
  userKey: 'ada',
  taskKey: null,
  tags: [],
  similarity,
  ...extra,
})

describe('rankLessons', () => {
  it('returns the k most similar above the floor, best first', () => {
    const ranked = rankLessons(
      [candidate('a', 0.2), candidate('b', 0.9), candidate('c', 0.5), candidate('d', 0.7), candidate('e', 0.24)],
      { k: 2, floor: 0.25 },
    )
    expect(ranked.map((lesson) => lesson.id)).toEqual(['b', 'd'])
    expect(rankLessons([candidate('a', 0.2), candidate('e', 0.24)], { k: 5, floor: 0.25 })).toEqual([])
  })

  it('never recalls a lesson below the floor, whatever its task key or tags', () => {
    const below = candidate('x', 0.2, { taskKey: 'walk', tags: ['travel'] })
    expect(rankLessons([below], { k: 5, floor: 0.25, taskKey: 'walk', tags: ['travel'] })).toEqual([])
  })

  it('task key and tags boost similarity but never override a clearly nearer lesson', () => {
    const keyed = Array.from({ length: 5 }, (_, position) =>
      candidate(`keyed-${position}`, 0.3 + position * 0.01, { taskKey: 'trip', tags: ['travel'] }),
    )
    const nearest = candidate('nearest', 0.8)
    const ranked = rankLessons([...keyed, nearest], { k: 5, floor: 0.25, taskKey: 'trip', tags: ['travel'] })
    expect(ranked[0].id).toBe('nearest')
    expect(ranked).toHaveLength(5)
    // A near tie goes to the lesson with the run's task key.
    const tie = rankLessons([candidate('plain', 0.52), candidate('keyed', 0.5, { taskKey: 'trip' })], {
      k: 5,
      floor: 0.25,
      taskKey: 'trip',
    })
    expect(tie.map((lesson) => lesson.id)).toEqual(['keyed', 'plain'])
    expect(tie[0].reason).toEqual({ similarity: 0.5, taskKey: 'trip', boost: TASK_KEY_BOOST })
    expect(tie[0].score).toBeCloseTo(0.5 + TASK_KEY_BOOST)
    const tagged = rankLessons([candidate('t', 0.5, { tags: ['travel', 'x'] })], { k: 5, floor: 0, tags: ['travel'] })
    expect(tagged[0].reason).toEqual({ similarity: 0.5, tags: ['travel'], boost: TAG_BOOST })
  })

  it('fuses similarity with shared keywords: a lesson sharing more of the task’s words moves past a slightly nearer one', () => {
    const near = candidate('near', 0.42, { sharedKeywords: 0 })
    const wordy = candidate('wordy', 0.4, { sharedKeywords: 3 })
    const far = candidate('far', 0.3, { sharedKeywords: 1 })
    // Among lessons that all passed the floor, sharing a keyword outweighs a small lead in similarity.
    expect(rankLessons([near, wordy, far], { k: 5, floor: 0.25 }).map((lesson) => lesson.id)).toEqual([
      'wordy',
      'far',
      'near',
    ])
    // Without the keyword channel the order is the similarity's.
    const plain = [candidate('near', 0.42), candidate('wordy', 0.4), candidate('far', 0.3)]
    expect(rankLessons(plain, { k: 5, floor: 0.25 }).map((lesson) => lesson.id)).toEqual(['near', 'wordy', 'far'])
  })

  it('never lets shared keywords bring in a lesson below the floor, and keeps score order on equal keywords', () => {
    const below = candidate('below', 0.2, { sharedKeywords: 9 })
    const [first, second] = [
      candidate('first', 0.5, { sharedKeywords: 2 }),
      candidate('second', 0.45, { sharedKeywords: 2 }),
    ]
    expect(rankLessons([below, second, first], { k: 5, floor: 0.25 }).map((lesson) => lesson.id)).toEqual([
      'first',
      'second',
    ])
  })

  it("collapses a user's lesson and its shared copy into one, the user's own", () => {
    const mine = candidate('mine', 0.6, { normalized: 'normalize dates', sharedCopyId: 'shared' })
    const shared = candidate('shared', 0.61, { userKey: '*', normalized: 'normalize dates, edited' })
    const sameText = candidate('same-text', 0.59, { userKey: '*', normalized: 'normalize dates' })
    const other = candidate('other', 0.4)
    const ranked = rankLessons([shared, mine, sameText, other], { k: 5, floor: 0.25 })
    expect(ranked.map((lesson) => lesson.id)).toEqual(['mine', 'other'])
    expect(ranked[0].duplicateIds.sort()).toEqual(['same-text', 'shared'])
    expect(ranked[0].similarity).toBe(0.61)
  })

  it('ignores candidates without a finite similarity', () => {
    expect(rankLessons([candidate('nan', Number.NaN)], { k: 5, floor: -1 })).toEqual([])
  })
})

describe('floorFor', () => {
  it('is the tenant floor for meaning, the lexical floor for word overlap alone, and between for mixes', () => {
    expect(floorFor(0.25, 1)).toBeCloseTo(0.25)
    expect(floorFor(0.25, 0)).toBeCloseTo(0.25 * LEXICAL_FLOOR_RATIO)
    expect(floorFor(0.25, 0.5)).toBeGreaterThan(floorFor(0.25, 0))
    expect(floorFor(0.25, 0.5)).toBeLessThan(0.25)
    expect(floorFor(0.25, 7)).toBeCloseTo(0.25)
  })
})

describe('taskViews (a task of several sentences is compared sentence by sentence too)', () => {
  it('is the task alone when it is one sentence', () => {
    expect(taskViews('Plan a calm walk for my grandmother.')).toEqual(['Plan a calm walk for my grandmother.'])
    expect(taskViews('Plan a walk. Thanks!')).toEqual(['Plan a walk. Thanks!'])
    expect(taskViews('')).toEqual([''])
  })

  it('adds each sentence of a longer task, in Latin and CJK punctuation, short ones left out', () => {
    const task = 'Our payment module is tested on Thursday. The boss wants it live on Friday! Why? Make a rollout plan.'
    expect(taskViews(task)).toEqual([
      task,
      'Our payment module is tested on Thursday.',
      'The boss wants it live on Friday!',
      'Make a rollout plan.',
    ])
    expect(taskViews('新的支付模块周四测试完毕。老板要求周五下午上线，请帮我制定发布计划。')).toEqual([
      '新的支付模块周四测试完毕。老板要求周五下午上线，请帮我制定发布计划。',
      '新的支付模块周四测试完毕。',
      '老板要求周五下午上线，请帮我制定发布计划。',
    ])
  })

  it('compares a long text whole: a pasted document must not cost an embedding and a query per sentence', () => {
    const sentences = Array.from(
      { length: MAX_TASK_SENTENCES },
      (_, position) => `This is sentence number ${position}.`,
    )
    expect(taskViews(sentences.join(' '))).toHaveLength(MAX_TASK_SENTENCES + 1)
    const document = Array.from({ length: 1_500 }, (_, position) => `Line ${position} of the log.`).join(' ')
    expect(taskViews(document)).toEqual([document])
  })
})

describe('mergeViews', () => {
  const ranked = (id: string, similarity: number, extra: Partial<RecallCandidate> = {}) =>
    rankLessons([candidate(id, similarity, extra)], { k: 1, floor: 0 })[0]

  it('keeps each lesson once, at its best score, best first, k in all', () => {
    const merged = mergeViews(
      [[ranked('a', 0.5), ranked('b', 0.4)], [ranked('b', 0.7), ranked('c', 0.3)], [ranked('d', 0.35)]],
      3,
    )
    expect(merged.map((lesson) => [lesson.id, lesson.similarity])).toEqual([
      ['b', 0.7],
      ['a', 0.5],
      ['d', 0.35],
    ])
  })

  it('never returns a lesson and its shared copy or twin, even when different views found them', () => {
    const own = ranked('own', 0.6, { sharedCopyId: 'copy' })
    const copy = ranked('copy', 0.5, { userKey: '*', normalized: 'edited by an admin' })
    const twin = ranked('twin', 0.45, { userKey: '*', normalized: own.normalized })
    expect(mergeViews([[own], [copy], [twin]], 5).map((lesson) => lesson.id)).toEqual(['own'])
  })
})
