/**
 * A small builder for hand-built logs (tests, examples, benchmarks): appends events in the export
 * shape with recorded causes and deterministic times.
 */
import { type Cause, kindOf, type LoggedEvent, namespaceOf, type RawLoggedEvent, readEvent, via } from '../events'

/** Builds a log one event at a time; each append returns the new event's position. */
export class LogBuilder {
  readonly events: RawLoggedEvent[] = []

  /** The log with known payloads typed, as the product's readers see it. */
  typedEvents(): LoggedEvent[] {
    return this.events.map(readEvent)
  }

  constructor(private readonly startTime = Date.parse('2025-01-01T00:00:00.000Z')) {}

  /** Appends an event with an explicit cause. */
  add(type: string, payload: Record<string, unknown>, cause: Cause): number {
    const index = this.events.length
    this.events.push({
      index,
      type,
      kind: kindOf(type),
      namespace: namespaceOf(type),
      payload,
      cause,
      at: new Date(this.startTime + index * 1000).toISOString(),
    })
    return index
  }

  /** Appends the seed (cause `seed`). */
  seed(type: string, payload: Record<string, unknown>): number {
    return this.add(type, payload, { kind: 'seed' })
  }

  /** Appends an event the runtime wrote on its own (cause `framework`). */
  framework(type: string, payload: Record<string, unknown>): number {
    return this.add(type, payload, { kind: 'framework' })
  }

  /** Appends an event produced by `handler` from the event at `source` (cause `#source via handler`). */
  by(source: number, handler: string, type: string, payload: Record<string, unknown>): number {
    return this.add(type, payload, via(source, handler))
  }
}
