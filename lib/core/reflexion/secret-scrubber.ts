/** Values shorter than this are not treated as secrets (masking them would mangle ordinary text). */
const MIN_SECRET_LENGTH = 8

/**
 * The credential values a run has used, masked out of everything it writes: a provider that echoes
 * the key in an error ("Incorrect API key provided: …") cannot put it in the log.
 */
export class SecretScrubber {
  private readonly values = new Set<string>()
  private readonly linked = new Set<SecretScrubber>()

  /** Remembers a secret value to mask. */
  add(value: string): void {
    if (value.length >= MIN_SECRET_LENGTH) this.values.add(value)
  }

  /** Also masks every value another scrubber knows, now and later (a worker agent's keys). */
  link(other: SecretScrubber): void {
    if (other !== this) this.linked.add(other)
  }

  private all(seen = new Set<SecretScrubber>()): string[] {
    seen.add(this)
    const nested = [...this.linked].filter((other) => !seen.has(other)).flatMap((other) => other.all(seen))
    return [...this.values, ...nested]
  }

  /** A copy of `value` with every known secret in its strings replaced by `***`. */
  scrub<T>(value: T): T {
    const secrets = this.all().sort((left, right) => right.length - left.length)
    if (secrets.length === 0) return value
    const walk = (item: unknown): unknown => {
      if (typeof item === 'string')
        return secrets.reduce((text, secret) => (text.includes(secret) ? text.split(secret).join('***') : text), item)
      if (Array.isArray(item)) return item.map(walk)
      if (item && typeof item === 'object' && Object.getPrototypeOf(item) === Object.prototype) {
        return Object.fromEntries(Object.entries(item).map(([key, entry]) => [key, walk(entry)]))
      }
      return item
    }
    return walk(value) as T
  }
}
