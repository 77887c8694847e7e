/**
 * Explicit links: payload fields that reference other events, resolved to log positions and
 * labelled with how (`by index`, `by identity`, `by equality on type and fields`, `mentions`).
 */
import type { RawLoggedEvent } from '../events'
import { before } from './log-index'
import type { ReflectionData } from './reflection-data'
import { positionList } from './render'

/** One resolved link: which field, how it was resolved, and to which positions. */
export type ExplicitLink = { field: string; how: string; positions: number[] }

const EVENT_FIELDS = new Set(['source_event', 'sourceEvent', 'interrupted', 'interrupted_event', 'interruptedEvent'])
const INDEX_FIELD = /(_index|Index)$/
const MENTION = /#(\d+)\b/g
const MAX_LINKS = 10
const MAX_DEPTH = 3

function payloadMatches(candidate: RawLoggedEvent, fields: Record<string, unknown>): boolean {
  return Object.entries(fields).every(
    ([field, value]) => JSON.stringify(candidate.payload[field]) === JSON.stringify(value),
  )
}

function eventValued(data: ReflectionData, event: RawLoggedEvent, field: string, value: unknown): ExplicitLink | null {
  if (typeof value === 'number' && Number.isInteger(value)) return { field, how: 'by index', positions: [value] }
  if (typeof value === 'string' && /^#?\d+$/.test(value))
    return { field, how: 'by index', positions: [Number(value.replace('#', ''))] }
  if (typeof value === 'string' && data.index.byType.has(value)) {
    return {
      field,
      how: `names type ${value}; its instances before #${event.index}`,
      positions: before(data.index.byType.get(value) ?? [], event.index),
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const record = value as Record<string, unknown>
  if (Number.isInteger(record.index))
    return { field, how: 'by identity (its index)', positions: [record.index as number] }
  if (typeof record.type === 'string') {
    const { type, ...fields } = record
    const equal = before(data.index.byType.get(type) ?? [], event.index).filter((position) =>
      payloadMatches(data.events[position], fields),
    )
    return { field, how: `by equality on type ${type} and its fields`, positions: equal }
  }
  return null
}

/** Every explicit link of one event, at most ten. */
export function explicitLinks(data: ReflectionData, event: RawLoggedEvent): ExplicitLink[] {
  const links: ExplicitLink[] = []
  const visit = (value: unknown, path: string, key: string, depth: number): void => {
    if (links.length >= MAX_LINKS || depth > MAX_DEPTH) return
    const linked = EVENT_FIELDS.has(key) ? eventValued(data, event, path, value) : null
    if (linked) return void links.push(linked)
    if (INDEX_FIELD.test(key) && typeof value === 'number' && Number.isInteger(value))
      return void links.push({ field: path, how: 'by index', positions: [value] })
    if (typeof value === 'string') {
      const mentioned = [...new Set([...value.slice(0, 10_000).matchAll(MENTION)].map((match) => Number(match[1])))]
      if (mentioned.length > 0) links.push({ field: path, how: 'mentions', positions: mentioned })
    } else if (Array.isArray(value))
      value.forEach((item, position) => visit(item, `${path}[${position}]`, key, depth + 1))
    else if (typeof value === 'object' && value !== null)
      for (const [child, item] of Object.entries(value)) visit(item, `${path}.${child}`, child, depth + 1)
  }
  for (const [field, value] of Object.entries(event.payload)) visit(value, field, field, 0)
  return links
}

/** Explicit links rendered for `evidence`; positions outside the log are said to be so. */
export function explicitLinkLines(data: ReflectionData, event: RawLoggedEvent): string[] {
  const links = explicitLinks(data, event)
  if (links.length === 0) return ['explicit links: (none)']
  return [
    'explicit links:',
    ...links.map((link) => {
      const inLog = link.positions.filter((position) => position >= 0 && position < data.events.length)
      const outside = link.positions.filter((position) => !inLog.includes(position))
      const rendered =
        inLog.length === 1 ? `#${inLog[0]} ${data.events[inLog[0]].type}` : positionList(inLog, 5, 'last')
      const note =
        outside.length > 0 ? `; not in this log: ${outside.map((position) => `#${position}`).join(', ')}` : ''
      return `  ${link.field} → ${rendered} (${link.how}${note})`
    }),
  ]
}
