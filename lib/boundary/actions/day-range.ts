/**
 * Date filters from a query string (`?from=2026-03-01&to=2026-03-31`): days that exist on the
 * calendar, validated with zod, so `2099-99-99` or `2026-13-45` is a message, never an invalid Date
 * reaching a query (a 500).
 */
import { z } from 'zod'

const DAY_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Whether a `YYYY-MM-DD` text names a day that exists (month 1–12, the day within that month). */
export function isCalendarDay(text: string): boolean {
  const match = DAY_SHAPE.exec(text)
  if (!match) return false
  const [year, month, day] = match.slice(1).map(Number)
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** A calendar day `YYYY-MM-DD`; the message says what was wrong and what is accepted. */
export const calendarDaySchema = z.string().refine(isCalendarDay, {
  error: (issue) =>
    `“${String(issue.input).slice(0, 40)}” is not a date: use YYYY-MM-DD with a real month and day, e.g. 2026-03-05.`,
})

/** A day range in UTC: `from` and `to` at the start of their days; `to` means through the end of that day. */
export type DayRange = { from?: Date; to?: Date }

/** The result of reading `from` and `to`: the range of the valid ones, and a message per field at fault. */
export type DayRangeInput = { range: DayRange; errors: { from?: string; to?: string } }

const startOf = (day: string) => new Date(`${day}T00:00:00Z`)

/** Reads optional `from` and `to` days (empty = none); a bad one is left out of the range and named in `errors`. */
export function parseDayRange(input: { from?: string; to?: string }): DayRangeInput {
  const range: DayRange = {}
  const errors: DayRangeInput['errors'] = {}
  for (const field of ['from', 'to'] as const) {
    const text = input[field]?.trim()
    if (!text) continue
    const parsed = calendarDaySchema.safeParse(text)
    if (!parsed.success) {
      errors[field] = `${field === 'from' ? 'From' : 'To'}: ${parsed.error.issues[0].message}`
      continue
    }
    range[field] = startOf(parsed.data)
  }
  if (range.from && range.to && range.from > range.to) {
    errors.to = 'To: the end date is before the start date; pick a day on or after it.'
    delete range.to
  }
  return { range, errors }
}
