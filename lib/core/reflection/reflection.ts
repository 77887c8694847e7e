/**
 * Reflection: a deterministic query surface over one run's event log. It packages the log with
 * the static topology and the reducers and exposes them as facts an agent queries lazily.
 */
import { type Edge, type RawLoggedEvent, type Reducer, REDUCERS, type RunStatusState, TOPOLOGY } from '../events'
import { contextCard } from './context-card'
import { createQueryTool, type QueryArguments, type QueryTool } from './query-tool'
import { defaultRedactor, noRedactor, type Redactor } from './redact'
import { buildReflectionData, type ReflectionData } from './reflection-data'

/** Options for `Reflection.fromEvents`: the topology and reducers default to the product's; redaction is on by default. */
export type ReflectionOptions = {
  topology?: readonly Edge[]
  reducers?: Record<string, Reducer>
  redact?: Redactor | false
}

/**
 * A copy of the caller's array (a pointer copy: cheap at 100,000 events), so appending to, removing from or
 * reordering that array later changes no answer. The events themselves are shared, read-only by contract.
 */
function snapshot(events: readonly RawLoggedEvent[]): readonly RawLoggedEvent[] {
  return Object.freeze([...events])
}

/** One run's log as a query surface; a snapshot of the events it was built from. */
export class Reflection {
  private constructor(private readonly data: ReflectionData) {}

  /**
   * Builds the indexes once over a copy of `events`; every op then answers from them. Later changes to
   * the caller's array (a push, a splice, a reorder) do not change the answers (a snapshot, as the spec says).
   */
  static fromEvents(events: readonly RawLoggedEvent[], options: ReflectionOptions = {}): Reflection {
    const redactor = options.redact === false ? noRedactor : (options.redact ?? defaultRedactor)
    return new Reflection(
      buildReflectionData(snapshot(events), options.topology ?? TOPOLOGY, options.reducers ?? REDUCERS, redactor),
    )
  }

  /** The raw log (every #index refers to a position in it). */
  get events(): readonly RawLoggedEvent[] {
    return this.data.events
  }

  /** The run's status as the runStatus reducer projects it. */
  get status(): RunStatusState {
    return this.data.status
  }

  /** The bounded context card for a prompt, with the last `tail` events. */
  context({ tail = 3 }: { tail?: number } = {}): string {
    return contextCard(this.data, tail)
  }

  /** The query_log tool over this snapshot. */
  tool(): QueryTool {
    return createQueryTool(this.data)
  }

  /** Shorthand for `tool().run(args)`. */
  query(args: QueryArguments | string): string {
    return this.tool().run(args)
  }

  /** Each reducer projected over the whole log: `{ name: reducer.seed(events) }`. */
  state(): Record<string, unknown> {
    return Object.fromEntries(
      Object.entries(this.data.reducers).map(([name, reducer]) => [name, reducer.seed(this.data.typedEvents)]),
    )
  }
}
