/**
 * `evidence`: every fact on how one event came to be — recorded cause, explicit links, owning
 * command, static edge candidates with preceding source instances, and the forward face. No verdicts.
 */
import { formatEdge } from '../events'
import { readPosition } from './arguments'
import { explicitLinkLines } from './explicit-links'
import { after, before } from './log-index'
import { causeLines, owningCommand } from './ops-event'
import type { OpArguments } from './ops-listing'
import type { ReflectionData } from './reflection-data'
import { eventLine, positionList } from './render'

/** Instance lists in evidence keep this many positions and count the rest. */
export const EVIDENCE_INSTANCE_CAP = 5

/** `evidence`: the joins for the event at `index`, in the spec's rendering style. */
export function evidenceOp(data: ReflectionData, args: OpArguments): string {
  const position = readPosition(data, args.index, 'evidence')
  const event = data.events[position]
  const [cause, ...causeDetail] = causeLines(data, event)
  const command = owningCommand(data, position)
  const incoming = data.edgesByTarget.get(event.type) ?? []
  const outgoing = data.edgesBySource.get(event.type) ?? []
  const recordedEffects = data.index.causedBy.get(position) ?? []
  const positionsOf = (type: string): number[] => data.index.byType.get(type) ?? []
  return [
    `evidence for ${eventLine(event, data.redactor)}`,
    `recorded cause: ${cause}`,
    ...causeDetail,
    ...explicitLinkLines(data, event),
    command
      ? `owning command: ${command.type} — instances at or before #${position}: ${positionList(command.instances, EVIDENCE_INSTANCE_CAP, 'last')}`
      : `owning command: (no Command-kind event at or before #${position})`,
    incoming.length > 0
      ? 'possible causes (static edges, candidate instances):'
      : `possible causes (static edges): none declared into ${event.type}`,
    ...incoming.map(
      (edge) =>
        `  ${formatEdge(edge)}: ${positionList(before(positionsOf(edge.source), position), EVIDENCE_INSTANCE_CAP, 'last')}`,
    ),
    outgoing.length > 0
      ? 'possible effects (static edges, subsequent instances):'
      : `possible effects (static edges): none declared from ${event.type}`,
    ...outgoing.map(
      (edge) =>
        `  ${formatEdge(edge)}: ${positionList(after(positionsOf(edge.target), position), EVIDENCE_INSTANCE_CAP, 'first')}`,
    ),
    `recorded effects (events whose recorded cause is #${position}): ${positionList(recordedEffects, EVIDENCE_INSTANCE_CAP, 'first')}`,
  ].join('\n')
}
