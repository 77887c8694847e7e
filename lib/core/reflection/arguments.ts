/**
 * Reading and checking op arguments. Each problem becomes a QueryInputError that names the
 * argument and says what is accepted.
 */
import { QueryInputError } from './errors'
import type { ReflectionData } from './reflection-data'

/** Listings show this many lines unless `limit` says otherwise. */
export const DEFAULT_LIMIT = 20
/** The largest `limit` accepted; larger values are capped (and the output says so). */
export const MAX_LIMIT = 200

/** The argument names the tool accepts. */
export const ARGUMENT_NAMES = ['op', 'type', 'index', 'limit'] as const

function readInteger(raw: unknown, name: string, accepted: string): number {
  if (typeof raw === 'number' && Number.isInteger(raw)) return raw
  if (typeof raw === 'string' && /^\s*#?-?\d+\s*$/.test(raw)) return Number(raw.trim().replace('#', ''))
  throw new QueryInputError(`argument '${name}' must be ${accepted}, got ${JSON.stringify(raw)}`)
}

/** A log position from an `index` argument; negative values count from the end. */
export function readPosition(data: ReflectionData, raw: unknown, op: string): number {
  if (raw === undefined)
    throw new QueryInputError(
      `op '${op}' needs argument 'index' (a position in the log, e.g. 4, or -1 for the last event)`,
    )
  const value = readInteger(raw, 'index', 'an integer position in the log (negatives count from the end)')
  const length = data.events.length
  const position = value < 0 ? length + value : value
  if (position < 0 || position >= length) {
    const valid = length === 0 ? 'the log is empty' : `valid: 0..${length - 1}`
    throw new QueryInputError(
      `index ${value} out of range (log has ${length} events, ${valid}, negatives count from the end)`,
    )
  }
  return position
}

/** The optional start position of a listing (`index`), default 0; an empty log accepts only 0. */
export function readOffset(data: ReflectionData, raw: unknown, op: string): number {
  if (raw === undefined) return 0
  if (data.events.length === 0 && (raw === 0 || raw === '0')) return 0
  return readPosition(data, raw, op)
}

/** The `limit` of a listing: default 20, at most 200 (`capped` says a larger value was asked). */
export function readLimit(raw: unknown): { limit: number; capped: boolean } {
  if (raw === undefined) return { limit: DEFAULT_LIMIT, capped: false }
  const value = readInteger(raw, 'limit', `an integer from 1 to ${MAX_LIMIT}`)
  if (value < 1) throw new QueryInputError(`argument 'limit' must be an integer from 1 to ${MAX_LIMIT}, got ${value}`)
  return value > MAX_LIMIT ? { limit: MAX_LIMIT, capped: true } : { limit: value, capped: false }
}

/** The `type` argument, which these ops require. */
export function readTypeArgument(raw: unknown, op: string): string {
  const accepted =
    "a full type like 'reflexion.evaluated', a name like 'evaluated', a namespace like 'reflexion', or a kind like 'DomainEvent' ('Event' = all)"
  if (raw === undefined) throw new QueryInputError(`op '${op}' needs argument 'type' (${accepted})`)
  if (typeof raw !== 'string' || raw.trim() === '')
    throw new QueryInputError(`argument 'type' must be ${accepted}, got ${JSON.stringify(raw)}`)
  return raw.trim()
}
