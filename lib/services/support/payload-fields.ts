/**
 * Reading event payloads generically: fields are found by what their names mean (any spelling:
 * `toolName`, `tool_name`, `tool`), values are quoted and bounded, and nothing missing is ever
 * printed as `undefined`. New event types and fields are read by the same rules.
 */

/** A field name reduced to compare spellings: lower case, no `_`, `-` or spaces. */
export const normalizeFieldName = (name: string): string => name.toLowerCase().replace(/[_\-\s]/g, '')

const isPresent = (value: unknown): boolean =>
  value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '')

/** The first present field whose normalised name is one of `names` (in that order of preference). */
export function pickField(
  fields: Record<string, unknown>,
  names: readonly string[],
): { name: string; value: unknown } | null {
  const byNormal = new Map(Object.entries(fields).map(([name, value]) => [normalizeFieldName(name), { name, value }]))
  for (const wanted of names) {
    const found = byNormal.get(normalizeFieldName(wanted))
    if (found && isPresent(found.value)) return found
  }
  return null
}

/** A number field, by any of `names`; numeric strings count. */
export function numberField(fields: Record<string, unknown>, names: readonly string[]): number | null {
  const found = pickField(fields, names)
  if (!found) return null
  if (typeof found.value === 'number' && Number.isFinite(found.value)) return found.value
  if (typeof found.value === 'string' && /^-?\d+(\.\d+)?$/.test(found.value.trim())) return Number(found.value)
  return null
}

/** A field as text (objects as compact JSON), by any of `names`; null when absent. */
export function textField(fields: Record<string, unknown>, names: readonly string[]): string | null {
  const found = pickField(fields, names)
  return found ? valueText(found.value) : null
}

/** Any value as plain text: strings as they are, other values as compact JSON. */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value === undefined) return ''
  return JSON.stringify(value) ?? String(value)
}

/** Untrusted text from the log, quoted and bounded: it is cited, never followed. */
export function quote(value: unknown, limit = 200): string {
  const text = valueText(value).replace(/\s+/g, ' ').trim()
  return JSON.stringify(text.length > limit ? `${text.slice(0, limit)}…` : text)
}

/** Names of fields that carry what went wrong, most telling first. */
export const MESSAGE_FIELDS = [
  'error',
  'errorMessage',
  'exception',
  'message',
  'failure',
  'fault',
  'reason',
  'detail',
  'details',
  'description',
  'cause',
] as const

/** Names of fields that carry a tool's name. */
export const TOOL_NAME_FIELDS = ['toolName', 'tool', 'function', 'functionName', 'name'] as const
/** Names of fields that carry a result or an output. */
export const OUTPUT_FIELDS = ['output', 'result', 'content', 'response', 'text', 'value', 'answer'] as const
/** Names of fields that say who did something. */
export const ACTOR_FIELDS = [
  'cancelledBy',
  'canceledBy',
  'requestedBy',
  'stoppedBy',
  'actorName',
  'actor',
  'actorId',
  'by',
  'initiator',
  'ratedBy',
  'userName',
  'user',
  'userId',
] as const

// Fields that only locate an event, not what it says.
const LOCATING_FIELDS = new Set(['attempt', 'turn', 'index', 'toolcallid', 'maxattempts', 'id'])

/**
 * The most telling fields of a payload as `name=value`, at most `max`: what went wrong first,
 * then short values; long values are bounded, missing ones skipped.
 */
export function describePayload(fields: Record<string, unknown>, max = 4, skip: readonly string[] = []): string {
  const skipped = new Set([...skip.map(normalizeFieldName), ...LOCATING_FIELDS])
  const message = new Set(MESSAGE_FIELDS.map(normalizeFieldName))
  const entries = Object.entries(fields).filter(
    ([name, value]) => isPresent(value) && !skipped.has(normalizeFieldName(name)),
  )
  const rank = ([name, value]: [string, unknown]) =>
    message.has(normalizeFieldName(name)) ? 0 : typeof value === 'object' ? 2 : 1
  return entries
    .map((entry, order) => ({ entry, order }))
    .sort((left, right) => rank(left.entry) - rank(right.entry) || left.order - right.order)
    .slice(0, max)
    .map(({ entry: [name, value] }) =>
      typeof value === 'number' || typeof value === 'boolean' ? `${name}=${value}` : `${name}=${quote(value, 120)}`,
    )
    .join(', ')
}

/** A number written briefly (at most 4 decimals, no trailing zeros). */
export function formatNumber(value: number): string {
  return String(Number(value.toFixed(4)))
}
