import 'server-only'
import type { Db } from '../../adapters/db/client'

/** The client or a transaction: both run the statement. */
type Statements = Pick<Db, '$executeRawUnsafe'>

/**
 * Records that lessons were put in front of one attempt of one run: one lesson_recalls row per
 * (lesson, run, attempt) — a retried write adds nothing — and times_recalled moves only for new rows.
 * The lesson rows are locked in id order first: concurrent runs recalling the same lessons (a shared
 * one, their user's) otherwise updated them in plan-dependent orders and could deadlock.
 */
export async function recordLessonRecalls(
  prisma: Statements,
  input: { tenantId: string; runId: string; attempt: number; lessonIds: string[] },
): Promise<number> {
  if (input.lessonIds.length === 0) return 0
  return prisma.$executeRawUnsafe(
    `WITH inserted AS (
       INSERT INTO lesson_recalls (tenant_id, lesson_id, run_id, attempt)
       SELECT $1, l.id, $2, $3 FROM lessons l WHERE l.tenant_id = $1 AND l.id = ANY($4::text[])
       ON CONFLICT (lesson_id, run_id, attempt) DO NOTHING
       RETURNING lesson_id),
     locked AS (SELECT id FROM lessons WHERE id IN (SELECT lesson_id FROM inserted) ORDER BY id FOR NO KEY UPDATE)
     UPDATE lessons SET times_recalled = times_recalled + 1 WHERE id IN (SELECT id FROM locked)`,
    input.tenantId,
    input.runId,
    input.attempt,
    input.lessonIds,
  )
}
