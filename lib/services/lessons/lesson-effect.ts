import 'server-only'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { getPrisma } from '../../adapters/db/client'
import { countsInObservationsSql } from '../experiments/infrastructure'

/** Outcomes of a group of finished runs. */
export type RunOutcomes = { runs: number; passRate: number | null; meanAttempts: number | null }

/** One shared lesson's effect: runs that recalled it vs the tenant's other finished runs; `worse` flags a likely harmful lesson. */
export type LessonEffect = {
  lessonId: string
  content: string
  status: string
  timesRecalled: number
  withLesson: RunOutcomes
  withoutLesson: RunOutcomes
  worse: boolean
}

type Row = {
  lesson_id: string
  content: string
  status: string
  times_recalled: number
  with_runs: number
  with_passed: number
  with_attempts: number | null
  without_runs: number
  without_passed: number
  without_attempts: number | null
}

const outcomes = (runs: number, passed: number, attempts: number | null): RunOutcomes => ({
  runs,
  passRate: runs ? passed / runs : null,
  meanAttempts: attempts === null ? null : Number(attempts),
})

/** Least runs on each side before a lesson can be flagged. */
const MIN_RUNS = 3

/**
 * For every shared lesson of the tenant: times recalled, pass rate and mean attempts of finished
 * runs that recalled it, against finished runs of the tenant that did not (cancelled runs, infrastructure
 * interruptions and experiment runs excluded).
 */
export async function lessonEffect(caller: Caller): Promise<LessonEffect[]> {
  requirePermission(caller, 'lessons.curateShared')
  const prisma = await getPrisma()
  const rows = await prisma.$queryRawUnsafe<Row[]>(
    `WITH finished AS (
       SELECT id, status, attempts_used FROM runs WHERE tenant_id = $1 AND ${countsInObservationsSql('runs')}
     ), recalled AS (
       SELECT DISTINCT lr.lesson_id, lr.run_id FROM lesson_recalls lr WHERE lr.tenant_id = $1
     )
     SELECT l.id AS lesson_id, l.content, l.status::text AS status, l.times_recalled,
       (SELECT count(*)::int FROM finished f JOIN recalled r ON r.run_id = f.id AND r.lesson_id = l.id) AS with_runs,
       (SELECT count(*)::int FROM finished f JOIN recalled r ON r.run_id = f.id AND r.lesson_id = l.id WHERE f.status = 'succeeded') AS with_passed,
       (SELECT avg(f.attempts_used)::float8 FROM finished f JOIN recalled r ON r.run_id = f.id AND r.lesson_id = l.id) AS with_attempts,
       (SELECT count(*)::int FROM finished f WHERE NOT EXISTS (SELECT 1 FROM recalled r WHERE r.run_id = f.id AND r.lesson_id = l.id)) AS without_runs,
       (SELECT count(*)::int FROM finished f WHERE f.status = 'succeeded' AND NOT EXISTS (SELECT 1 FROM recalled r WHERE r.run_id = f.id AND r.lesson_id = l.id)) AS without_passed,
       (SELECT avg(f.attempts_used)::float8 FROM finished f WHERE NOT EXISTS (SELECT 1 FROM recalled r WHERE r.run_id = f.id AND r.lesson_id = l.id)) AS without_attempts
     FROM lessons l WHERE l.tenant_id = $1 AND l.user_key = '*'
     ORDER BY l.times_recalled DESC, l.created_at DESC`,
    caller.tenantId,
  )
  return rows.map((row) => {
    const withLesson = outcomes(row.with_runs, row.with_passed, row.with_attempts)
    const withoutLesson = outcomes(row.without_runs, row.without_passed, row.without_attempts)
    const worse =
      withLesson.runs >= MIN_RUNS &&
      withoutLesson.runs >= MIN_RUNS &&
      (withLesson.passRate ?? 0) < (withoutLesson.passRate ?? 0) - 0.1
    return {
      lessonId: row.lesson_id,
      content: row.content,
      status: row.status,
      timesRecalled: row.times_recalled,
      withLesson,
      withoutLesson,
      worse,
    }
  })
}
