import 'server-only'
/**
 * One page of a run's timeline for the support views, redacted with the tenant's settings. The run
 * is authorised for the caller before anything is read.
 */
import type { Caller } from '../auth/caller'
import { readRunEvents } from '../runs/queries'
import { authorizeSupportRun, supportRedactor } from './session'
import { TIMELINE_PAGE_SIZE, type TimelinePage, toTimelineRow } from './timeline-row'

/** Reads page `page` (0-based, clamped to the log) of a run the caller may ask about; notFound() otherwise. */
export async function loadTimelinePage(caller: Caller, runId: string, page: number): Promise<TimelinePage> {
  const run = await authorizeSupportRun(caller, runId)
  const total = run.eventCount
  const last = Math.max(0, Math.ceil(total / TIMELINE_PAGE_SIZE) - 1)
  const clamped = Math.min(Math.max(Number.isInteger(page) ? page : 0, 0), last)
  const [events, redactor] = await Promise.all([
    readRunEvents(run.access, { afterIndex: clamped * TIMELINE_PAGE_SIZE - 1, limit: TIMELINE_PAGE_SIZE }),
    supportRedactor(caller),
  ])
  return {
    page: clamped,
    pageSize: TIMELINE_PAGE_SIZE,
    total,
    rows: events.map((event) => toTimelineRow(event, redactor)),
  }
}
