/**
 * The listing ops: list, filter/select, latest/first, has/count, after/before. Every `#index`
 * printed is a position in the whole log; long listings are paged with `index=`.
 */
import { readLimit, readOffset, readTypeArgument, MAX_LIMIT } from './arguments'
import { countBelow } from './log-index'
import type { ReflectionData } from './reflection-data'
import { eventLine } from './render'

/** The arguments an op receives, already stripped of nulls. */
export type OpArguments = Record<string, unknown>

function lines(data: ReflectionData, positions: readonly number[]): string[] {
  return positions.map((position) => eventLine(data.events[position], data.redactor))
}

const cappedNote = (capped: boolean): string[] => (capped ? [`(limit capped at ${MAX_LIMIT})`] : [])

/** `list`: all events in order from `index`, `limit` at a time. */
export function listOp(data: ReflectionData, args: OpArguments): string {
  const total = data.events.length
  if (total === 0) return 'log: 0 events (nothing to list)'
  const start = readOffset(data, args.index, 'list')
  const { limit, capped } = readLimit(args.limit)
  const end = Math.min(total, start + limit)
  const shown = data.index.all.slice(start, end)
  const more = total - end
  return [
    `log: ${total} events; showing #${start}..#${end - 1}`,
    ...cappedNote(capped),
    ...lines(data, shown),
    ...(more > 0 ? [`… ${more} more; use index=${end} to page`] : []),
  ].join('\n')
}

/** `filter`/`select`: matching events as `#index` lines, from log position `index` on. */
export function filterOp(data: ReflectionData, args: OpArguments, op = 'filter'): string {
  const selection = data.types.select(readTypeArgument(args.type, op))
  const start = args.index === undefined ? 0 : readOffset(data, args.index, op)
  const { limit, capped } = readLimit(args.limit)
  const from = countBelow(selection.positions, start)
  const shown = selection.positions.slice(from, from + limit)
  const more = selection.positions.length - from - shown.length
  const range = start > 0 ? ` (showing matches at or after #${start})` : ''
  return [
    `${op} ${selection.label}: ${selection.positions.length} match${selection.positions.length === 1 ? '' : 'es'}${range}`,
    ...cappedNote(capped),
    ...lines(data, shown),
    ...(more > 0 ? [`… ${more} more; use index=${selection.positions[from + shown.length]} to page`] : []),
  ].join('\n')
}

/** `latest`/`first`: the newest or oldest match. */
export function endMatchOp(data: ReflectionData, args: OpArguments, which: 'latest' | 'first'): string {
  const selection = data.types.select(readTypeArgument(args.type, which))
  const { positions } = selection
  if (positions.length === 0) return `no ${selection.label} events (0 matches)`
  const position = which === 'latest' ? positions[positions.length - 1] : positions[0]
  return `${eventLine(data.events[position], data.redactor)}\n(${which} of ${positions.length} ${selection.label} match${positions.length === 1 ? '' : 'es'})`
}

/** `has`: `true`/`false`. */
export function hasOp(data: ReflectionData, args: OpArguments): string {
  return String(data.types.select(readTypeArgument(args.type, 'has')).positions.length > 0)
}

/** `count`: the number of matches. */
export function countOp(data: ReflectionData, args: OpArguments): string {
  return String(data.types.select(readTypeArgument(args.type, 'count')).positions.length)
}

/** `after`/`before`: the events after (or just before) the first match. */
export function aroundFirstOp(data: ReflectionData, args: OpArguments, which: 'after' | 'before'): string {
  const selection = data.types.select(readTypeArgument(args.type, which))
  const { limit, capped } = readLimit(args.limit)
  if (selection.positions.length === 0)
    return `no ${selection.label} events (0 matches), so there is no first match to list ${which}`
  const anchor = selection.positions[0]
  const head = `${which} ${eventLine(data.events[anchor], data.redactor)} (first of ${selection.positions.length} ${selection.label} matches)`
  if (which === 'after') {
    const total = data.events.length - anchor - 1
    const end = Math.min(data.events.length, anchor + 1 + limit)
    const more = data.events.length - end
    return [
      `${head}: ${total} events`,
      ...cappedNote(capped),
      ...lines(data, data.index.all.slice(anchor + 1, end)),
      ...(more > 0 ? [`… ${more} more; use op='list' index=${end} to page`] : []),
    ].join('\n')
  }
  const start = Math.max(0, anchor - limit)
  return [
    `${head}: ${anchor} events`,
    ...cappedNote(capped),
    ...(start > 0 ? [`… ${start} earlier; use op='list' index=0 to page from the start`] : []),
    ...lines(data, data.index.all.slice(start, anchor)),
  ].join('\n')
}
