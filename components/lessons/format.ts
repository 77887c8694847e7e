/** Small display helpers for lesson pages. */

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' })

/** A date as "Jan 5, 2030" (UTC). */
export const formatDate = (date: Date) => dateFormat.format(date)

/** A share as "67 %", or "—" without data. */
export const percent = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)} %`)

/** A score with two decimals, or "—". */
export const score = (value: number | null) => (value === null ? '—' : value.toFixed(2))

/** "1 run" / "3 runs". */
export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** A date as YYYY-MM-DD for a date input. */
export const isoDay = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : '')
