import type { EngineEvent, LoggedEvent } from '../../core/events/event'
import { toLoggedEvent } from '../../core/events/convert'
import { EventConflictError } from './event-conflict-error'
import type { EventWriter } from './event-writer'
import { PROJECTED_TYPES, runColumnsOf } from './projection'

/**
 * The engine's event sink for one run: checks each event lands at the next index, projects the
 * run's columns from the whole log (summarizeRun) when the event changes them, and appends through
 * the shared EventWriter. `onEvent` resolves only once the event is committed.
 */
export class RunEventSink {
  private readonly log: LoggedEvent[]

  constructor(
    private readonly writer: EventWriter,
    readonly runId: string,
    existing: readonly LoggedEvent[],
  ) {
    this.log = [...existing]
  }

  /** The index the next event must carry. */
  get nextIndex(): number {
    return this.log.length
  }

  /** The log as written so far (a copy). */
  events(): LoggedEvent[] {
    return [...this.log]
  }

  /** Appends one or more events at the next indices; throws EventConflictError on a gap or a competing writer. */
  async append(events: LoggedEvent[]): Promise<void> {
    const expectedIndex = this.log.length
    events.forEach((event, offset) => {
      if (event.index !== expectedIndex + offset)
        throw new EventConflictError(this.runId, expectedIndex + offset, `the event carries index ${event.index}`)
    })
    const candidate = [...this.log, ...events]
    const columns = events.some((event) => PROJECTED_TYPES.has(event.type)) ? runColumnsOf(candidate) : null
    await this.writer.append({ runId: this.runId, expectedIndex, events, columns })
    this.log.push(...events)
  }

  /** The engine's `onEvent`. */
  readonly onEvent = (event: EngineEvent): Promise<void> => this.append([toLoggedEvent(event)])
}
