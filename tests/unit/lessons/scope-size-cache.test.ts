import { describe, expect, it } from 'vitest'
import { ScopeSizeCache, scopeKey } from '../../../lib/services/lessons/vector-index'

describe('ScopeSizeCache (which recall scopes go through the vector index)', () => {
  it('remembers a scope for the ttl and forgets it after', () => {
    let now = 0
    const cache = new ScopeSizeCache({ ttlMs: 1_000, maxEntries: 10, now: () => now })
    expect(cache.get('a')).toBeUndefined()
    cache.remember('a', false)
    now = 999
    expect(cache.get('a')).toBe(false)
    now = 1_000
    expect(cache.get('a')).toBeUndefined()
    cache.remember('a', true)
    expect(cache.get('a')).toBe(true)
  })

  it('keys scopes by tenant and user keys in any order, and keeps tenants apart', () => {
    expect(scopeKey('t1', ['ada', '*'])).toBe(scopeKey('t1', ['*', 'ada']))
    expect(scopeKey('t1', ['ada', '*'])).not.toBe(scopeKey('t2', ['ada', '*']))
    expect(scopeKey('t1', null)).not.toBe(scopeKey('t1', []))
    // A tenant id holding the separator cannot pose as another scope.
    expect(scopeKey('t1","ada', ['*'])).not.toBe(scopeKey('t1', ['ada', '*']))
  })

  it('holds at most maxEntries scopes, dropping the oldest', () => {
    const cache = new ScopeSizeCache({ ttlMs: 60_000, maxEntries: 2, now: () => 0 })
    for (const key of ['a', 'b', 'c']) cache.remember(key, false)
    expect(['a', 'b', 'c'].map((key) => cache.get(key))).toEqual([undefined, false, false])
    // Remembered again, a scope is the newest: 'b' is dropped next, not 'c'.
    cache.remember('c', true)
    cache.remember('a', false)
    expect(['a', 'b', 'c'].map((key) => cache.get(key))).toEqual([false, undefined, true])
  })
})
