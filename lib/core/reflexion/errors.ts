/**
 * A Reflexion/Agent option is out of its accepted range; the message names the parameter and the range.
 * `field` is the option's path (e.g. `evaluator.expected`) when a form can show it next to that field.
 */
export class ReflexionConfigError extends RangeError {
  readonly code = 'reflexion_config'
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message)
    this.name = 'ReflexionConfigError'
  }
}

/** Throws a ReflexionConfigError unless `value` is an integer >= `minimum`. */
export function requireInteger(owner: string, name: string, value: number, minimum: number): void {
  if (!Number.isInteger(value) || value < minimum) {
    throw new ReflexionConfigError(`${owner}: ${name} must be an integer >= ${minimum} (got ${String(value)})`)
  }
}

/** Throws a ReflexionConfigError unless `value` is a number in [minimum, maximum] (NaN rejected). */
export function requireInRange(owner: string, name: string, value: number, minimum: number, maximum: number): void {
  if (typeof value !== 'number' || Number.isNaN(value) || value < minimum || value > maximum) {
    throw new ReflexionConfigError(
      `${owner}: ${name} must be a number in [${minimum}, ${maximum}] (got ${String(value)})`,
    )
  }
}

/** Thrown by the engine's event sink wrapper when the caller's onEvent throws; the run stops without run.finished. */
export class EventSinkError extends Error {
  constructor(readonly original: unknown) {
    super('onEvent threw')
    this.name = 'EventSinkError'
  }
}
