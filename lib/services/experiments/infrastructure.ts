/**
 * Interruptions that say nothing about a lesson or a task: the provider failed, the model was not
 * configured, the worker died. Runs that ended so are left out of every comparison and counted apart.
 */
export const INFRASTRUCTURE_REASONS = ['provider_error', 'model_config', 'worker_lost'] as const

/** How a run counts in a comparison. */
export type RunStanding = 'scored' | 'infrastructure' | 'cancelled' | 'unfinished'

/** Where a run stands: scored (passed or failed on its merits, incl. running out of turns or budget), or left out and why. */
export function standingOf(status: string, interruptionReason: string | null): RunStanding {
  if (status === 'queued' || status === 'running') return 'unfinished'
  if (status === 'cancelled') return 'cancelled'
  if (status === 'interrupted') {
    if (interruptionReason === 'cancelled') return 'cancelled'
    if ((INFRASTRUCTURE_REASONS as readonly string[]).includes(interruptionReason ?? '')) return 'infrastructure'
  }
  return 'scored'
}

/** The SQL condition (over a runs row aliased `alias`) of a run that counts in the observational statistics. */
export function countsInObservationsSql(alias: string): string {
  return `${alias}.experiment_id IS NULL AND ${alias}.status IN ('succeeded', 'failed', 'interrupted') AND NOT (${alias}.status = 'interrupted' AND COALESCE(${alias}.interruption_reason, '') IN ('cancelled', ${INFRASTRUCTURE_REASONS.map((reason) => `'${reason}'`).join(', ')}))`
}

/** The SQL condition of a finished observational run left out because infrastructure interrupted it or it was cancelled. */
export function excludedFromObservationsSql(alias: string): string {
  return `${alias}.experiment_id IS NULL AND (${alias}.status = 'cancelled' OR (${alias}.status = 'interrupted' AND COALESCE(${alias}.interruption_reason, '') IN ('cancelled', ${INFRASTRUCTURE_REASONS.map((reason) => `'${reason}'`).join(', ')})))`
}
