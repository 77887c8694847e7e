import type { Cause } from '../events/cause'
import type { EngineEvent, EventPayload } from '../events/event'
import type { EventType } from '../events/vocabulary'
import type { RetryOptions } from './retry'
import { EventSinkError } from './errors'
import { SecretScrubber } from './secret-scrubber'
import { UsageMeter } from './usage'

/** Why a run stopped early. */
export type InterruptionReason = 'max_turns_exceeded' | 'budget_exceeded' | 'guardrail' | 'cancelled' | 'provider_error'

/** Internal: stops the run with a reason; the driver writes run.interrupted with `cause`. */
export class RunStop extends Error {
  constructor(
    readonly reason: InterruptionReason,
    readonly stopCause: Cause | undefined,
    readonly detail?: string,
  ) {
    super(`run stopped: ${reason}`)
  }
}

/** Internal: a handler failed (provider, evaluator); the driver writes run.handler_raised then run.interrupted. */
export class HandlerFailure extends Error {
  constructor(
    readonly handler: string,
    readonly sourceEvent: number,
    readonly errorMessage: string,
  ) {
    super(errorMessage)
  }
}

/** Everything one run shares: its log, clock, sink, cancellation, usage, identity and retry policy. */
export class RunContext {
  readonly events: EngineEvent[] = []
  readonly usage = new UsageMeter()
  /** Masks every credential the run's models use out of the events it writes. */
  readonly scrubber: SecretScrubber
  private nextIndex: number
  private readonly toolCallsByAttempt = new Map<number, number>()

  constructor(
    readonly options: {
      prompt: string
      userId: string
      runId: string
      clock: () => Date
      firstIndex: number
      onEvent?: (event: EngineEvent) => void | Promise<void>
      signal?: AbortSignal
      retry: RetryOptions | false
      scrubber?: SecretScrubber
    },
  ) {
    this.nextIndex = options.firstIndex
    this.scrubber = new SecretScrubber()
    if (options.scrubber) this.scrubber.link(options.scrubber)
  }

  get prompt(): string {
    return this.options.prompt
  }
  get userId(): string {
    return this.options.userId
  }
  get signal(): AbortSignal | undefined {
    return this.options.signal
  }
  /** Index of the last event written (or of the caller's seed event). */
  get lastIndex(): number {
    return this.nextIndex - 1
  }

  /** Appends an event (credentials masked), awaits the caller's onEvent, and returns the event's index. */
  async emit<T extends EventType>(
    type: T,
    cause: Cause,
    fields: EventPayload<T> = {} as EventPayload<T>,
  ): Promise<number> {
    const event = {
      ...this.scrubber.scrub(fields),
      type,
      index: this.nextIndex++,
      cause,
      at: this.options.clock().toISOString(),
    } as EngineEvent
    this.events.push(event)
    try {
      await this.options.onEvent?.(event)
    } catch (error) {
      throw new EventSinkError(error)
    }
    return event.index
  }

  /** Counts one more tool call in `attempt` and returns how many it has made, this one included. */
  countToolCall(attempt: number): number {
    const count = (this.toolCallsByAttempt.get(attempt) ?? 0) + 1
    this.toolCallsByAttempt.set(attempt, count)
    return count
  }

  /** The run clock's time in milliseconds (tool durations use the caller's clock, like event times). */
  now(): number {
    return this.options.clock().getTime()
  }

  /** Throws a cancellation stop when the caller's signal has fired. */
  throwIfCancelled(): void {
    if (this.options.signal?.aborted) throw new RunStop('cancelled', undefined, 'cancelled by the caller')
  }
}

/**
 * Thrown at an attempt boundary when the worker hands the run over (a clean shutdown): nothing more is
 * written, the run stays `running`, and the next worker resumes it at `nextAttempt`.
 */
export class RunYield extends Error {
  constructor(readonly nextAttempt: number) {
    super(`the run was handed over before attempt ${nextAttempt}`)
    this.name = 'RunYield'
  }
}
