/**
 * Everything an op reads, built once per Reflection: the log, its indexes, the type selector,
 * the topology (indexed by source and target), the reducers, the redactor and the run's status.
 */
import {
  type Edge,
  type LoggedEvent,
  type RawLoggedEvent,
  readEvent,
  type Reducer,
  runStatus,
  type RunStatusState,
} from '../events'
import { buildLogIndex, type LogIndex } from './log-index'
import type { Redactor } from './redact'
import { createTypeSelector, type TypeSelector } from './type-selector'

/** The read-only data behind every op of one Reflection. */
export type ReflectionData = {
  events: readonly RawLoggedEvent[]
  /** The same log with known payloads typed, for the reducers. */
  typedEvents: readonly LoggedEvent[]
  index: LogIndex
  types: TypeSelector
  topology: readonly Edge[]
  edgesByTarget: Map<string, Edge[]>
  edgesBySource: Map<string, Edge[]>
  reducers: Record<string, Reducer>
  redactor: Redactor
  status: RunStatusState
}

function groupEdges(topology: readonly Edge[], key: 'source' | 'target'): Map<string, Edge[]> {
  const groups = new Map<string, Edge[]>()
  for (const edge of topology) groups.set(edge[key], [...(groups.get(edge[key]) ?? []), edge])
  return groups
}

/** Builds the indexes once; ops then answer from them. */
export function buildReflectionData(
  events: readonly RawLoggedEvent[],
  topology: readonly Edge[],
  reducers: Record<string, Reducer>,
  redactor: Redactor,
): ReflectionData {
  const index = buildLogIndex(events)
  const typedEvents = events.map(readEvent)
  return {
    events,
    typedEvents,
    index,
    types: createTypeSelector(index),
    topology,
    reducers,
    redactor,
    edgesByTarget: groupEdges(topology, 'target'),
    edgesBySource: groupEdges(topology, 'source'),
    status: runStatus.seed(typedEvents),
  }
}

/** The status as one phrase, e.g. `interrupted (max_turns_exceeded)`. */
export function statusPhrase(data: ReflectionData): string {
  const { status, interruptionReason } = data.status
  return interruptionReason ? `${status} (${interruptionReason})` : status
}
