/**
 * The offline agent's view of a run: every fact it uses is read through query_log calls (kept in
 * the session's transcript), parsed back and cached, so one answer makes each call at most once.
 */
import type { RecordingSession } from './recording-tool'
import { numberField } from './payload-fields'
import {
  type CauseFacts,
  type EventFacts,
  listedPositions,
  type OverviewFacts,
  parseEvent,
  parseOverview,
  parseRecordedCause,
} from './tool-output'

/** At most this many positions of one type are listed (pages of 200). */
export const MAX_LISTED = 2_000

/** Where an attempt starts in the log. */
export type AttemptStart = { attempt: number; position: number }

/** Reads one run through query_log, caching each answer. */
export class LogReader {
  private overviewFacts: OverviewFacts | null = null
  private readonly listings = new Map<string, { positions: number[]; lines: Map<number, string> }>()
  private readonly gets = new Map<number, EventFacts | null>()
  private starts: AttemptStart[] | null = null

  constructor(readonly session: RecordingSession) {}

  /** `overview`: total, status, reason and counts by type. */
  overview(): OverviewFacts {
    this.overviewFacts ??= parseOverview(this.session.ask({ op: 'overview' }))
    return this.overviewFacts
  }

  /** The types present, in the order they first appear. */
  types(): string[] {
    return [...this.overview().counts.keys()]
  }

  /** Whether the log holds at least one event of `type`. */
  has(type: string): boolean {
    return this.overview().counts.has(type)
  }

  private listing(type: string): { positions: number[]; lines: Map<number, string> } {
    const cached = this.listings.get(type)
    if (cached) return cached
    const result = { positions: [] as number[], lines: new Map<number, string>() }
    if (this.has(type)) {
      let from: number | undefined
      while (result.positions.length < MAX_LISTED) {
        const text = this.session.ask({ op: 'filter', type, limit: 200, ...(from !== undefined && { index: from }) })
        for (const match of text.matchAll(/^#(\d+) (.*)$/gm)) {
          const position = Number(match[1])
          if (result.lines.has(position)) continue
          result.positions.push(position)
          result.lines.set(position, match[0])
        }
        const more = /use index=(\d+) to page/.exec(text)
        if (!more) break
        from = Number(more[1])
      }
    }
    this.listings.set(type, result)
    return result
  }

  /** Positions of every event of `type` (exact type), ascending. */
  positions(type: string): number[] {
    return this.listing(type).positions
  }

  /** The listing line of one event of `type` (`#N type(field=value, …)`). */
  line(type: string, position: number): string {
    return this.listing(type).lines.get(position) ?? ''
  }

  /** `get`: one event's fields and recorded cause; null when out of range. */
  event(position: number): EventFacts | null {
    if (!this.gets.has(position)) this.gets.set(position, parseEvent(this.session.ask({ op: 'get', index: position })))
    return this.gets.get(position) ?? null
  }

  /** Every event of `type`, read in full, at most `max` (the first ones, or the last ones with `fromEnd`). */
  events(type: string, max = 50, fromEnd = false): EventFacts[] {
    const positions = this.positions(type)
    const chosen = positions.length <= max ? positions : fromEnd ? positions.slice(-max) : positions.slice(0, max)
    return chosen.flatMap((position) => this.event(position) ?? [])
  }

  /** The newest event of `type`, read in full. */
  latest(type: string): EventFacts | null {
    const positions = this.positions(type)
    return positions.length ? this.event(positions[positions.length - 1]) : null
  }

  /** `cause`: the recorded cause of one event. */
  cause(position: number): CauseFacts {
    return parseRecordedCause(this.session.ask({ op: 'cause', index: position }))
  }

  /** Where each attempt starts (from `reflexion.attempt_started`), in log order. */
  attemptStarts(): AttemptStart[] {
    if (this.starts) return this.starts
    const type = 'reflexion.attempt_started'
    this.starts = this.positions(type).map((position, order) => {
      const declared = /\(attempt=(\d+)/.exec(this.line(type, position))
      return { attempt: declared ? Number(declared[1]) : order + 1, position }
    })
    return this.starts
  }

  /** The attempt an event belongs to: its own `attempt` field, else the latest attempt started before it. */
  attemptOf(facts: Pick<EventFacts, 'position' | 'fields'>): number | null {
    const declared = numberField(facts.fields, ['attempt', 'attemptNumber', 'attemptIndex'])
    if (declared !== null && Number.isInteger(declared)) return declared
    const before = this.attemptStarts().filter((start) => start.position <= facts.position)
    return before.length ? before[before.length - 1].attempt : null
  }

  /** The attempt numbers started, ascending. */
  attemptNumbers(): number[] {
    return [...new Set(this.attemptStarts().map((start) => start.attempt))].sort((left, right) => left - right)
  }
}

/** Positions of a listing answer (re-exported for callers that hold raw text). */
export { listedPositions }
