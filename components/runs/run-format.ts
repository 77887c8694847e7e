/** The statuses a run can have, in the order the filter offers them. */
export const RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'interrupted', 'cancelled'] as const

/** A run status as stored or projected. */
export type RunStatusName = (typeof RUN_STATUSES)[number]

/** Whether a status means the run may still change (and may be cancelled). */
export function isActiveStatus(status: string): boolean {
  return status === 'queued' || status === 'running'
}

/** A score in [0, 1] as two decimals, or "—". */
export function formatScore(score: number | null | undefined): string {
  return typeof score === 'number' && Number.isFinite(score) ? score.toFixed(2) : '—'
}

/** A cost in US dollars ("$0.00" for the free demo model), or "—" when unknown. */
export function formatCost(costUsd: number | null | undefined): string {
  if (typeof costUsd !== 'number' || !Number.isFinite(costUsd)) return '—'
  if (costUsd === 0) return '$0.00'
  return costUsd < 0.01 ? `$${costUsd.toFixed(4)}` : `$${costUsd.toFixed(2)}`
}

/** The time between two instants as "850 ms", "12 s" or "3 min 5 s"; "—" without a start. */
export function formatDuration(from: Date | string | null, to: Date | string | null): string {
  if (!from) return '—'
  const milliseconds = new Date(to ?? Date.now()).getTime() - new Date(from).getTime()
  if (milliseconds < 1000) return `${Math.max(0, milliseconds)} ms`
  const seconds = Math.round(milliseconds / 1000)
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  return minutes < 60 ? `${minutes} min ${seconds % 60} s` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}

const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

/** A date and time, in UTC so the server and the browser render the same text. */
export function formatDateTime(value: Date | string): string {
  return `${dateTime.format(new Date(value))} UTC`
}

/** A token count with thousands separators. */
export function formatTokens(count: number): string {
  return count.toLocaleString('en')
}
