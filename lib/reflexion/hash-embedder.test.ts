import { describe, expect, it } from 'vitest'
import { HashEmbedder, InMemoryVectorStore, SHARED_LESSON, cosineSimilarity, matchesFilter } from './index'

describe('HashEmbedder', () => {
  it('is deterministic, 256 dimensions, L2-normalised', async () => {
    const embedder = new HashEmbedder()
    const [first] = await embedder.embed(['Normalize dates to ISO 8601.'])
    const [again] = await new HashEmbedder().embed(['Normalize dates to ISO 8601.'])
    expect(embedder.dimensions).toBe(256)
    expect(first).toHaveLength(256)
    expect(first).toEqual(again)
    expect(Math.hypot(...first)).toBeCloseTo(1, 10)
    expect(embedder.id).toBe('hash-fnv1a-256')
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
