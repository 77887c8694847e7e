/**
 * A map that keeps its most recently used entries: past `limit`, setting an entry drops the least
 * recently used one. For the small per-process caches (compiled schemas, encoded texts, languages).
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>()

  constructor(private readonly limit: number) {}

  has(key: K): boolean {
    return this.entries.has(key)
  }

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined
    const value = this.entries.get(key)!
    this.entries.delete(key) // re-inserted: the map's order is least recently used first
    this.entries.set(key, value)
    return value
  }

  set(key: K, value: V): void {
    this.entries.delete(key)
    this.entries.set(key, value)
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as K)
  }
}
