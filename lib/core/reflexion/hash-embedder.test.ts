import { describe, expect, it } from 'vitest'
import { HashEmbedder, InMemoryVectorStore, SHARED_LESSON, cosineSimilarity, matchesFilter } from './index'

describe('HashEmbedder', () => {
  it('is deterministic, 1,024 dimensions by default, L2-normalised', async () => {
    const embedder = new HashEmbedder()
    const [first] = await embedder.embed(['Normalize dates to ISO 8601.'])
    const [again] = await new HashEmbedder().embed(['Normalize dates to ISO 8601.'])
    expect(embedder.dimensions).toBe(1024)
    expect(first).toHaveLength(1024)
    expect(first).toEqual(again)
    expect(Math.hypot(...first)).toBeCloseTo(1, 10)
    expect(embedder.id).toBe('hash-v4-1024')
    expect(new HashEmbedder({ dimensions: 64 }).embedOne('x y z')).toHaveLength(64)
  })

  it('ignores stopwords: texts that share only function words are unrelated', () => {
    const embedder = new HashEmbedder()
    const similarity = cosineSimilarity(
      embedder.embedOne('What is the capital of the country?'),
      embedder.embedOne('When is it the best for you to be there?'),
    )
    expect(similarity).toBeLessThan(0.1)
  })

  it('matches inflections of a word ("stops" and "stop")', () => {
    const embedder = new HashEmbedder()
    const [stops, stop, other] = ['plan three stops', 'one stop plan', 'budget currency rate'].map((text) =>
      embedder.embedOne(text),
    )
    expect(cosineSimilarity(stops, stop)).toBeGreaterThan(0.5)
    expect(cosineSimilarity(stops, other)).toBeLessThan(0.1)
  })

  it('compares Chinese by character bigrams, not by whole unsegmented runs', () => {
    const embedder = new HashEmbedder()
    const lesson = embedder.embedOne('写周报时，先列出本周完成的结果，再写下周计划。')
    const related = embedder.embedOne('帮我写这周的工作周报。')
    const unrelated = embedder.embedOne('今天天气怎么样？')
    expect(cosineSimilarity(lesson, related)).toBeGreaterThan(0.1)
    expect(cosineSimilarity(lesson, unrelated)).toBeLessThan(0.05)
  })

  it('puts lessons that share words nearer than lessons that share none', async () => {
    const [walk, walkAgain, dates] = await new HashEmbedder().embed([
      'For an easy walk plan at most three stops.',
      'An easy walk needs few stops.',
      'Normalize currency amounts before summing invoices.',
    ])
    expect(cosineSimilarity(walk, walkAgain)).toBeGreaterThan(cosineSimilarity(walk, dates))
  })

  it('embeds the empty text as the zero vector', async () => {
    const [empty] = await new HashEmbedder().embed([''])
    expect(empty.every((value) => value === 0)).toBe(true)
  })
})

describe('InMemoryVectorStore', () => {
  it('adds, dedupes per user and searches nearest first within the filter', async () => {
    const store = new InMemoryVectorStore({ embedder: new HashEmbedder() })
    const [shared] = await store.add([
      { content: 'Normalize dates to ISO 8601 before answering.', metadata: { user_id: SHARED_LESSON } },
    ])
    const [mine] = await store.add([
      { content: 'Plan at most three stops for an easy walk.', metadata: { user_id: 'u1' } },
    ])
    const [again] = await store.add([
      { content: 'plan at most three stops for an easy   walk', metadata: { user_id: 'u1' } },
    ])
    await store.add([{ content: 'Plan at most three stops for an easy walk.', metadata: { user_id: 'u2' } }])
    await store.add([{ content: 'Untagged lesson about walks and stops.', metadata: {} }])
    expect(again).toBe(mine)
    expect(store.size).toBe(4)
    const hits = await store.search('easy walk with stops', { k: 5, filter: { user_id: ['u1', SHARED_LESSON] } })
    expect(hits.map((hit) => hit.id)).toEqual([mine, shared])
    expect(hits[0].score).toBeGreaterThan(hits[1].score)
    expect(await store.search('walk', { k: 1, filter: { user_id: ['u1', SHARED_LESSON] } })).toHaveLength(1)
  })

  it('a missing key never matches a filter; array means any of', () => {
    expect(matchesFilter({}, { user_id: ['', '*'] })).toBe(false)
    expect(matchesFilter({ user_id: '' }, { user_id: ['', '*'] })).toBe(true)
    expect(matchesFilter({ user_id: 'u2' }, { user_id: ['u1', '*'] })).toBe(false)
    expect(matchesFilter({ user_id: 'u1' }, { user_id: 'u1' })).toBe(true)
  })
})
