import { describe, expect, it } from 'vitest'
import { BoundedCache } from './bounded-cache'

describe('BoundedCache', () => {
  it('keeps the most recently used entries: a read counts as a use', () => {
    const cache = new BoundedCache<string, number | null>(2)
    cache.set('a', 1)
    cache.set('b', null) // a null value is a value, not a miss
    expect(cache.get('a')).toBe(1)
    cache.set('c', 3) // drops b, the least recently used
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([true, false, true])
    expect(cache.get('b')).toBeUndefined()
    cache.set('a', 4) // setting again replaces and uses
    cache.set('d', 5) // drops c
    expect([cache.get('a'), cache.has('c'), cache.get('d')]).toEqual([4, false, 5])
  })
})
