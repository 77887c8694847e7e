import 'server-only'
/**
 * Reading ratings back from the logs: a run's ratings (everyone's for support and admins, a
 * member's own otherwise) and, for the lesson effect page, thumbs up and down per lesson counted
 * over the ratings of runs (or attempts) that recalled it. Always scoped to the caller's tenant.
 */
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { can } from '../auth/permissions'
import { getPrisma } from '../../adapters/db/client'
import { redactRunText } from '../runs/caller-redaction'
import { getRun } from '../runs/queries'

/** One rating as shown on a run page. */
export type RunFeedbackRow = {
  index: number
  rating: 'up' | 'down'
  attempt: number | null
  comment: string
  byName: string
  mine: boolean
  at: string
}

/** A run's ratings, newest first: all of them for support and admins, the caller's own for members. */
export async function listRunFeedback(caller: Caller, runId: string): Promise<RunFeedbackRow[]> {
  const run = await getRun(caller, runId)
  const prisma = await getPrisma()
  const rows = await prisma.runEvent.findMany({
    where: { tenantId: caller.tenantId, runId: run.id, type: 'run.feedback_given' },
    orderBy: { index: 'desc' },
    select: { index: true, payload: true, at: true },
  })
  const everyone = can(caller.role, 'runs.readTenant')
  const visible = rows.filter((row) => everyone || (row.payload as { by?: unknown }).by === caller.userId)
  const ids = [...new Set(visible.map((row) => String((row.payload as { by?: unknown }).by ?? '')))]
  const people = await prisma.user.findMany({
    where: { id: { in: ids }, memberships: { some: { tenantId: caller.tenantId } } },
    select: { id: true, name: true },
  })
  const names = new Map(people.map((person) => [person.id, person.name]))
  return visible.map((row) => {
    const payload = row.payload as { rating?: unknown; attempt?: unknown; comment?: unknown; by?: unknown }
    return {
      index: row.index,
      rating: payload.rating === 'down' ? 'down' : 'up',
      attempt: typeof payload.attempt === 'number' ? payload.attempt : null,
      comment: typeof payload.comment === 'string' ? redactRunText(payload.comment, run.access.redactor) : '',
      byName: names.get(String(payload.by)) ?? 'a former member',
      mine: payload.by === caller.userId,
      at: row.at.toISOString(),
    }
  })
}

/** Thumbs up and down per lesson: ratings of runs that recalled it (attempt ratings: only when that attempt recalled it). */
export async function feedbackCountsPerLesson(caller: Caller): Promise<Map<string, { up: number; down: number }>> {
  requirePermission(caller, 'lessons.curateShared')
  const prisma = await getPrisma()
  const rows = await prisma.$queryRawUnsafe<{ lesson_id: string; rating: string; count: number }[]>(
    `SELECT recalled.lesson_id, f.payload->>'rating' AS rating, count(*)::int AS count
       FROM run_events f
       JOIN LATERAL (
         SELECT DISTINCT lesson->>'id' AS lesson_id
           FROM run_events r, jsonb_array_elements(CASE WHEN jsonb_typeof(r.payload->'lessons') = 'array' THEN r.payload->'lessons' ELSE '[]'::jsonb END) AS lesson
          WHERE r.tenant_id = f.tenant_id AND r.run_id = f.run_id AND r.type = 'reflexion.lessons_recalled'
            AND (f.payload->'attempt' IS NULL OR r.payload->'attempt' = f.payload->'attempt')
       ) recalled ON recalled.lesson_id IS NOT NULL
      WHERE f.tenant_id = $1 AND f.type = 'run.feedback_given'
      GROUP BY 1, 2`,
    caller.tenantId,
  )
  const counts = new Map<string, { up: number; down: number }>()
  for (const row of rows) {
    const entry = counts.get(row.lesson_id) ?? { up: 0, down: 0 }
    if (row.rating === 'down') entry.down += row.count
    else entry.up += row.count
    counts.set(row.lesson_id, entry)
  }
  return counts
}
