/**
 * Indexes over one log, built once when a Reflection is made: positions by type, namespace and
 * kind, the anomalies, the commands and the recorded-cause edges, so every op answers quickly.
 */
import type { RawLoggedEvent } from '../events'

/** Event types the context card and overview list as anomalies. */
export const ANOMALY_TYPES: readonly string[] = [
  'run.handler_raised',
  'run.interrupted',
  'run.budget_warning',
  'run.budget_exceeded',
  'run.guardrail_tripped',
  'run.retried',
  'agent.out_of_turns',
]

/** Positions of a log's events, grouped for lookups. Every array is ascending. */
export type LogIndex = {
  events: readonly RawLoggedEvent[]
  all: number[]
  byType: Map<string, number[]>
  byNamespace: Map<string, number[]>
  byKind: Map<string, number[]>
  anomalies: number[]
  commands: number[]
  /** Events whose recorded cause is `seed`. */
  seeds: number[]
  /** Types in the order they first appear in the log. */
  typesPresent: string[]
  /** For each position, the events whose recorded cause names it (`#N via <handler>`). */
  causedBy: Map<number, number[]>
}

function push(map: Map<string, number[]>, key: string, position: number): void {
  const list = map.get(key)
  if (list) list.push(position)
  else map.set(key, [position])
}

/** Builds every index in one pass over the log. */
export function buildLogIndex(events: readonly RawLoggedEvent[]): LogIndex {
  const index: LogIndex = {
    events,
    all: new Array(events.length),
    byType: new Map(),
    byNamespace: new Map(),
    byKind: new Map(),
    anomalies: [],
    commands: [],
    seeds: [],
    typesPresent: [],
    causedBy: new Map(),
  }
  const anomalyTypes = new Set(ANOMALY_TYPES)
  for (let position = 0; position < events.length; position++) {
    const event = events[position]
    if (event.index !== position)
      throw new Error(`event at position ${position} has index ${event.index}; a log is indexed 0..n-1 in order`)
    index.all[position] = position
    if (!index.byType.has(event.type)) index.typesPresent.push(event.type)
    push(index.byType, event.type, position)
    push(index.byNamespace, event.namespace, position)
    push(index.byKind, event.kind, position)
    if (anomalyTypes.has(event.type)) index.anomalies.push(position)
    if (event.kind === 'Command') index.commands.push(position)
    if (event.cause.kind === 'seed') index.seeds.push(position)
    if (event.cause.kind === 'handler') {
      const list = index.causedBy.get(event.cause.index)
      if (list) list.push(position)
      else index.causedBy.set(event.cause.index, [position])
    }
  }
  return index
}

/** The number of entries of an ascending list that are strictly below `bound`. */
export function countBelow(positions: readonly number[], bound: number): number {
  let low = 0
  let high = positions.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (positions[middle] < bound) low = middle + 1
    else high = middle
  }
  return low
}

/** The entries of an ascending list strictly before `bound`. */
export function before(positions: readonly number[], bound: number): number[] {
  return positions.slice(0, countBelow(positions, bound))
}

/** The entries of an ascending list strictly after `bound`. */
export function after(positions: readonly number[], bound: number): number[] {
  return positions.slice(countBelow(positions, bound + 1))
}
