/**
 * Recorded causes: written when an event is appended, never inferred afterwards.
 * `seed` is the run's submission, `framework` an event the runtime wrote on its own,
 * `handler` the handler that produced the event from the event at `index`.
 */
export type Cause =
  | { kind: 'seed' }
  | { kind: 'framework' }
  | { kind: 'handler'; index: number; handler: string }
  | { kind: 'unknown'; reason: string }

/** Renders a cause as the Reflection spec prints it: `#N via <handler>`, `seed`, `framework`, `unknown, <reason>`. */
export function formatCause(cause: Cause): string {
  switch (cause.kind) {
    case 'seed':
      return 'seed'
    case 'framework':
      return 'framework'
    case 'handler':
      return `#${cause.index} via ${cause.handler}`
    case 'unknown':
      return `unknown, ${cause.reason}`
  }
}

/** A handler cause: the event at `index` was received by `handler`, which produced this one. */
export function via(index: number, handler: string): Cause {
  return { kind: 'handler', index, handler }
}
