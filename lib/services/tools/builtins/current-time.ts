import { tool } from 'ai'
import { z } from 'zod'

/** Whether a string is an IANA time zone this runtime knows (e.g. Europe/Paris, UTC). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** The time `now` in `zone`: ISO-like local time, the zone's UTC offset and the weekday. */
export function timeIn(
  zone: string,
  now: Date,
): { zone: string; localTime: string; utcOffset: string; weekday: string; utc: string } {
  if (!isTimeZone(zone))
    throw new Error(`unknown time zone '${zone}': use an IANA name such as Europe/Paris, America/New_York or UTC`)
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'long',
      timeZoneName: 'longOffset',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  )
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : String(parts.timeZoneName).replace('GMT', '')
  return {
    zone,
    localTime: `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`,
    utcOffset: offset,
    weekday: String(parts.weekday),
    utc: now.toISOString(),
  }
}

/** The built-in `current_time` tool. */
export function currentTimeTool(clock: () => Date = () => new Date()) {
  return tool({
    description: 'The current date and time in a time zone (IANA name, e.g. Asia/Tokyo, Europe/Berlin, UTC).',
    inputSchema: z.object({
      timeZone: z.string().min(1).max(64).describe('an IANA time zone name, e.g. Europe/Paris'),
    }),
    execute: async ({ timeZone }) => timeIn(timeZone, clock()),
  })
}
