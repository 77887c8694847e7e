/**
 * The whole-log ops: `overview` (totals, counts, seeds, anomalies, status), `state` (reducer
 * projections) and `schema` (the static topology).
 */
import { EVENT_KINDS, formatEdge } from '../events'
import type { ReflectionData } from './reflection-data'
import { statusPhrase } from './reflection-data'
import { boundName, eventLine, renderFullValue } from './render'

/** Anomaly and seed lists show this many events, then count the rest. */
export const SUMMARY_EVENT_CAP = 5

const counted = (entries: [string, number][]): string =>
  entries.map(([name, count]) => `${name} ${count}`).join(', ') || '(none)'

/** The capped anomaly lines shared by `overview` and the context card. */
export function anomalyLines(data: ReflectionData): string[] {
  const { anomalies } = data.index
  if (anomalies.length === 0) return ['anomalies: (none)']
  const shown = anomalies
    .slice(0, SUMMARY_EVENT_CAP)
    .map((position) => `  ${eventLine(data.events[position], data.redactor)}`)
  const rest = anomalies.length - shown.length
  const distinct = [...new Set(anomalies.map((position) => data.events[position].type))]
  const types = [
    ...distinct.slice(0, SUMMARY_EVENT_CAP).map(boundName),
    ...(distinct.length > SUMMARY_EVENT_CAP ? [`… ${distinct.length - SUMMARY_EVENT_CAP} more types`] : []),
  ].join(', ')
  return [
    `anomalies (${anomalies.length}):`,
    ...shown,
    ...(rest > 0 ? [`  … ${rest} more; use op='filter' with type= one of ${types}`] : []),
  ]
}

/** Attempts used, the attempt limit and the best score, read through the indexes. */
export function attemptLine(data: ReflectionData): string {
  const started = data.index.byType.get('reflexion.attempt_started') ?? []
  if (started.length === 0) return 'attempts: none started'
  const maxAttempts = data.events[started[started.length - 1]].payload.maxAttempts
  let best: number | null = null
  for (const position of data.index.byType.get('reflexion.evaluated') ?? []) {
    const score = data.events[position].payload.score
    if (typeof score === 'number' && (best === null || score > best)) best = score
  }
  return `attempts: ${started.length}${typeof maxAttempts === 'number' ? ` of ${maxAttempts}` : ''}; best score: ${best ?? 'none yet'}`
}

/** `overview`: totals, counts by kind/namespace/type, seeds, anomalies, status. */
export function overviewOp(data: ReflectionData): string {
  const { index } = data
  const byType = index.typesPresent.map((type): [string, number] => [type, index.byType.get(type)?.length ?? 0])
  return [
    `log: ${data.events.length} events, status: ${statusPhrase(data)}`,
    `by kind: ${counted(EVENT_KINDS.filter((kind) => index.byKind.has(kind)).map((kind) => [kind, index.byKind.get(kind)?.length ?? 0]))}`,
    `by namespace: ${counted([...index.byNamespace].map(([namespace, positions]) => [namespace || '(none)', positions.length]))}`,
    `by type: ${counted(byType)}`,
    index.seeds.length > 0
      ? `seeds: ${index.seeds
          .slice(0, SUMMARY_EVENT_CAP)
          .map((position) => eventLine(data.events[position], data.redactor))
          .join(
            '; ',
          )}${index.seeds.length > SUMMARY_EVENT_CAP ? ` … ${index.seeds.length - SUMMARY_EVENT_CAP} more` : ''}`
      : 'seeds: (none)',
    attemptLine(data),
    ...anomalyLines(data),
  ].join('\n')
}

/** `state`: each reducer projected over the whole log, values redacted and bounded at 2,000. */
export function stateOp(data: ReflectionData): string {
  return [
    `state (reducer projections over all ${data.events.length} events):`,
    ...Object.entries(data.reducers).map(
      ([name, reducer]) => `${name}: ${renderFullValue(reducer.seed(data.typedEvents), data.redactor)}`,
    ),
  ].join('\n')
}

/** What each causation kind means, for `schema` and the tool description. */
export const CAUSATION_MEANINGS = {
  intent: 'a command handler carrying out the command',
  react: 'a handler reacting to an event',
  orchestrate: 'the loop driving its next step',
  chain: 'the direct result of the same step (a call returning)',
} as const

/** `schema`: the static topology — what can cause what, via which handler. */
export function schemaOp(data: ReflectionData): string {
  return [
    `static topology: ${data.topology.length} edges, as source --handler [causation]--> target`,
    `causation: ${Object.entries(CAUSATION_MEANINGS)
      .map(([kind, meaning]) => `${kind} = ${meaning}`)
      .join('; ')}`,
    ...data.topology.map((edge) => `  ${formatEdge(edge)}`),
  ].join('\n')
}
