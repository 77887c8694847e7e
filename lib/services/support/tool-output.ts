/**
 * Reading query_log answers back into facts: listings' `#index` lines, `get` field dumps,
 * `overview` counts and `evidence` causes. The diagnosis knows only what these answers say.
 */

/** The positions of the `#N type(…)` lines of a listing, in order. */
export function listedPositions(result: string): number[] {
  return [...result.matchAll(/^#(\d+) /gm)].map((match) => Number(match[1]))
}

/** An event as `get` shows it. */
export type EventFacts = {
  position: number
  type: string
  cause: string
  fields: Record<string, unknown>
  /** When it was recorded (ISO time), when `get` says. */
  at?: string
}

function parseValue(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text.replace(/… \(\+\d+ chars\)$/, '…')
  }
}

/** Parses a `get` answer; null when the answer is an error. */
export function parseEvent(result: string): EventFacts | null {
  const head = /^#(\d+) (\S+)$/m.exec(result)
  if (!head || result.startsWith('error:')) return null
  const fields: Record<string, unknown> = {}
  const body = result
    .slice(result.indexOf('\nfields:') + 1)
    .split('\n')
    .slice(1)
  for (const line of body) {
    const match = /^ {2}([^:]+): (.*)$/.exec(line)
    if (match) fields[match[1]] = parseValue(match[2])
  }
  const at = / · at: (\S+)$/m.exec(result)?.[1]
  return {
    position: Number(head[1]),
    type: head[2],
    cause: /^cause: (.*)$/m.exec(result)?.[1] ?? 'unknown',
    fields,
    ...(at && { at }),
  }
}

/** What `overview` says: the total, the status (and reason) and the count of each type present. */
export type OverviewFacts = { total: number; status: string; reason: string | null; counts: Map<string, number> }

/** Parses an `overview` answer. */
export function parseOverview(result: string): OverviewFacts {
  const head = /^log: (\d+) events, status: (\w+)(?: \((.+)\))?$/m.exec(result)
  const counts = new Map<string, number>()
  const byType = /^by type: (.*)$/m.exec(result)?.[1] ?? ''
  for (const match of byType.matchAll(/(\S+) (\d+)(?:, |$)/g)) counts.set(match[1], Number(match[2]))
  return { total: Number(head?.[1] ?? 0), status: head?.[2] ?? 'unknown', reason: head?.[3] ?? null, counts }
}

/** A recorded cause as `evidence`/`cause` print it. */
export type CauseFacts = { kind: 'handler'; index: number; handler: string } | { kind: 'other'; text: string }

/** Parses the `recorded cause:` line of an `evidence` answer (or the tail of a `cause` answer). */
export function parseRecordedCause(result: string): CauseFacts {
  const line = /^recorded cause: (.*)$/m.exec(result)?.[1] ?? /^cause of .*\): (.*)$/m.exec(result)?.[1] ?? 'unknown'
  const handler = /^#(\d+) via (\S+)/.exec(line)
  return handler ? { kind: 'handler', index: Number(handler[1]), handler: handler[2] } : { kind: 'other', text: line }
}

/** The positions the `explicit links:` section of an `evidence` answer resolved, by field. */
export function parseExplicitLinks(result: string): { field: string; positions: number[] }[] {
  return [...result.matchAll(/^ {2}(\S+) → (.+)$/gm)].map((match) => ({
    field: match[1],
    positions: [...match[2].matchAll(/#(\d+)/g)].map((hit) => Number(hit[1])),
  }))
}
