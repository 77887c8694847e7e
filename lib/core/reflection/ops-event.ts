/**
 * The single-event ops: `get` (full field dump with kind, namespace, command and recorded cause)
 * and `cause` (the recorded cause alone).
 */
import { formatCause, type RawLoggedEvent } from '../events'
import { readPosition } from './arguments'
import { countBelow } from './log-index'
import type { OpArguments } from './ops-listing'
import type { ReflectionData } from './reflection-data'
import { eventLine, renderFullValue } from './render'

/** The command that owns the event at `position`: the latest Command-kind event at or before it, with every instance of its type up to there. */
export function owningCommand(
  data: ReflectionData,
  position: number,
): { position: number; type: string; instances: number[] } | null {
  const commands = data.index.commands
  const count = countBelow(commands, position + 1)
  if (count === 0) return null
  const owner = commands[count - 1]
  const type = data.events[owner].type
  return {
    position: owner,
    type,
    instances: commands.slice(0, count).filter((candidate) => data.events[candidate].type === type),
  }
}

const CAUSE_NOTES = {
  seed: " (the run's submission)",
  framework: ' (written by the runtime, not by a handler)',
} as const

/** The recorded cause as one line, with the causing event's line when it is in the log. */
export function causeLines(data: ReflectionData, event: RawLoggedEvent): string[] {
  const { cause } = event
  if (cause.kind === 'seed' || cause.kind === 'framework') return [`${formatCause(cause)}${CAUSE_NOTES[cause.kind]}`]
  if (cause.kind === 'unknown') return [formatCause(cause)]
  const source = data.events[cause.index]
  if (!source) return [`${formatCause(cause)} (#${cause.index} is not in this log of ${data.events.length} events)`]
  return [formatCause(cause), `  ${eventLine(source, data.redactor)}`]
}

/** `get`: every field of one event, values bounded at 2,000, plus kind, namespace, command and cause. */
export function getOp(data: ReflectionData, args: OpArguments): string {
  const position = readPosition(data, args.index, 'get')
  const event = data.events[position]
  const command = owningCommand(data, position)
  const [cause, ...causeDetail] = causeLines(data, event)
  const fields = Object.entries(event.payload).map(
    ([field, value]) => `  ${field}: ${renderFullValue(value, data.redactor, field)}`,
  )
  return [
    `#${position} ${event.type}`,
    `kind: ${event.kind} · namespace: ${event.namespace || '(none)'} · at: ${event.at}`,
    `command: ${command ? (command.position === position ? `#${position} ${event.type} (this event)` : `#${command.position} ${command.type}`) : '(none before this event)'}`,
    `cause: ${cause}`,
    ...causeDetail,
    fields.length > 0 ? 'fields:' : 'fields: (none)',
    ...fields,
  ].join('\n')
}

/** `cause`: the recorded cause: `#N via <handler>`, `seed`, `framework`, or `unknown, <reason>`. */
export function causeOp(data: ReflectionData, args: OpArguments): string {
  const position = readPosition(data, args.index, 'cause')
  const event = data.events[position]
  const [cause, ...detail] = causeLines(data, event)
  return [`cause of ${eventLine(event, data.redactor)}: ${cause}`, ...detail].join('\n')
}
