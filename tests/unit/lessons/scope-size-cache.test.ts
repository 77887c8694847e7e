import { describe, expect, it } from 'vitest'
import { ScopeSizeCache, scopeKey } from '../../../lib/services/lessons/vector-index'

describe('ScopeSizeCache (which recall scopes go through the vector index)', () => {
  it('counts a scope once per ttl and again after it', async () => {
    let now = 0
    let counts = 0
    const cache = new ScopeSizeCache({ ttlMs: 1_000, maxEntries: 10, now: () => now })
    const count = async () => (counts++, counts > 1)
    expect(await cache.decide('a', count)).toBe(false)
    now = 999
    expect(await cache.decide('a', count)).toBe(false)
    expect(counts).toBe(1)
    now = 1_000
    expect(await cache.decide('a', count)).toBe(true)
    expect(counts).toBe(2)
  })

  it('keys scopes by tenant and user keys in any order, and keeps tenants apart', () => {
    expect(scopeKey('t1', ['ada', '*'])).toBe(scopeKey('t1', ['*', 'ada']))
    expect(scopeKey('t1', ['ada', '*'])).not.toBe(scopeKey('t2', ['ada', '*']))
    expect(scopeKey('t1', null)).not.toBe(scopeKey('t1', []))
    // A tenant id holding the separator cannot pose as another scope.
    expect(scopeKey('t1","ada', ['*'])).not.toBe(scopeKey('t1', ['ada', '*']))
  })

  it('holds at most maxEntries scopes, dropping the oldest', async () => {
    let counts = 0
    const cache = new ScopeSizeCache({ ttlMs: 60_000, maxEntries: 2, now: () => 0 })
    const count = async () => (counts++, false)
    for (const key of ['a', 'b', 'c']) await cache.decide(key, count)
    expect(counts).toBe(3)
    await cache.decide('c', count)
    await cache.decide('b', count)
    expect(counts).toBe(3)
    await cache.decide('a', count)
    expect(counts).toBe(4)
  })
})
