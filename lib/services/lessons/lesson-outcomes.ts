import 'server-only'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { can } from '../auth/permissions'
import { getPrisma } from '../../adapters/db/client'
import { countsInObservationsSql, excludedFromObservationsSql } from '../experiments/infrastructure'
import { getLesson } from './my-lessons'

/** How the finished runs that recalled a lesson did: count, share that passed, mean best score. */
export type LessonOutcome = { runs: number; passRate: number | null; meanBestScore: number | null }

/** One run that recalled a lesson; `visible` says whether the caller may open it (else it is only counted). */
export type LessonRecallEntry = {
  runId: string
  title: string
  status: string
  bestScore: number | null
  attempts: number[]
  at: Date
  visible: boolean
}

type OutcomeRow = { lesson_id: string; runs: number; passed: number; mean_best: number | null }

/** Outcomes of the finished runs that recalled each of the given lessons (tenant-scoped; unknown ids are absent). */
export async function lessonOutcomes(caller: Caller, lessonIds: string[]): Promise<Map<string, LessonOutcome>> {
  if (!can(caller.role, 'lessons.manageOwn') && !can(caller.role, 'lessons.readShared')) return new Map()
  if (lessonIds.length === 0) return new Map()
  const prisma = await getPrisma()
  const rows = await prisma.$queryRawUnsafe<OutcomeRow[]>(
    `SELECT r.lesson_id, count(*)::int AS runs, count(*) FILTER (WHERE runs.status = 'succeeded')::int AS passed, avg(runs.best_score)::float8 AS mean_best
     FROM (SELECT DISTINCT lesson_id, run_id FROM lesson_recalls WHERE tenant_id = $1 AND lesson_id = ANY($2::text[])) r
     JOIN runs ON runs.id = r.run_id AND runs.tenant_id = $1 AND ${countsInObservationsSql('runs')}
     GROUP BY r.lesson_id`,
    caller.tenantId,
    lessonIds,
  )
  return new Map(
    rows.map((row) => [
      row.lesson_id,
      {
        runs: row.runs,
        passRate: row.runs ? row.passed / row.runs : null,
        meanBestScore: row.mean_best === null ? null : Number(row.mean_best),
      },
    ]),
  )
}

type RecallRow = {
  run_id: string
  title: string
  status: string
  best_score: number | null
  user_id: string
  attempts: number[]
  at: Date
}

/**
 * The runs that recalled one lesson the caller may see (own or shared; else notFound()), newest
 * first. Runs the caller may not read (another member's) are returned without a link, only counted.
 */
export async function lessonRecallHistory(caller: Caller, lessonId: string, limit = 50): Promise<LessonRecallEntry[]> {
  await getLesson(caller, lessonId)
  const prisma = await getPrisma()
  const rows = await prisma.$queryRawUnsafe<RecallRow[]>(
    `SELECT runs.id AS run_id, runs.title, runs.status::text AS status, runs.best_score, runs.user_id, array_agg(lr.attempt ORDER BY lr.attempt) AS attempts, min(lr.created_at) AS at
     FROM lesson_recalls lr JOIN runs ON runs.id = lr.run_id AND runs.tenant_id = lr.tenant_id
     WHERE lr.tenant_id = $1 AND lr.lesson_id = $2
     GROUP BY runs.id ORDER BY min(lr.created_at) DESC LIMIT $3`,
    caller.tenantId,
    lessonId,
    Math.min(Math.max(limit, 1), 200),
  )
  const readsTenant = can(caller.role, 'runs.readTenant')
  return rows.map((row) => {
    const visible = readsTenant || (row.user_id === caller.userId && can(caller.role, 'runs.readOwn'))
    return {
      runId: visible ? row.run_id : '',
      title: visible ? row.title : 'A run of another member',
      status: row.status,
      bestScore: row.best_score,
      attempts: row.attempts.map(Number),
      at: row.at,
      visible,
    }
  })
}

/** Outcomes of a group of finished runs, for the effect page. */
export type RunGroup = { runs: number; passRate: number | null; meanAttempts: number | null }

/** One shared lesson against comparable runs; `worse` = recalling runs pass clearly less often (≥ 3 runs each side). */
export type ComparedEffect = {
  lessonId: string
  content: string
  status: string
  timesRecalled: number
  evaluatorKinds: string[]
  recalling: RunGroup
  comparable: RunGroup
  /** Runs left out on each side: interrupted by infrastructure (provider, model configuration, lost worker) or cancelled. */
  excluded: { recalling: number; comparable: number }
  worse: boolean
}

/** Least runs on each side before a lesson can be flagged, and the pass-rate gap that flags it. */
export const EFFECT_MIN_RUNS = 3
export const EFFECT_WORSE_GAP = 0.1

type EffectRow = {
  lesson_id: string
  content: string
  status: string
  times_recalled: number
  kinds: string[] | null
  with_runs: number
  with_passed: number
  with_attempts: number | null
  other_runs: number
  other_passed: number
  other_attempts: number | null
  with_excluded: number
  other_excluded: number
}

const group = (runs: number, passed: number, attempts: number | null): RunGroup => ({
  runs,
  passRate: runs ? passed / runs : null,
  meanAttempts: attempts === null ? null : Number(attempts),
})

/**
 * Every shared lesson of the tenant: the finished runs that recalled it against comparable runs —
 * finished runs of the same tenant, created after the lesson, with an evaluator kind among those of
 * the recalling runs, that did not recall it. Runs cancelled or interrupted by infrastructure
 * (provider_error, model_config, worker_lost) count on neither side and are counted apart;
 * experiments' runs are not observations and are not read at all.
 */
export async function sharedLessonEffect(caller: Caller): Promise<ComparedEffect[]> {
  requirePermission(caller, 'lessons.curateShared')
  const prisma = await getPrisma()
  const rows = await prisma.$queryRawUnsafe<EffectRow[]>(
    `WITH finished AS (
       SELECT id, status, attempts_used, created_at, COALESCE(config->'evaluator'->>'kind', 'llm') AS kind FROM runs WHERE tenant_id = $1 AND ${countsInObservationsSql('runs')}
     ), left_out AS (
       SELECT id, created_at, COALESCE(config->'evaluator'->>'kind', 'llm') AS kind FROM runs WHERE tenant_id = $1 AND ${excludedFromObservationsSql('runs')}
     ), shared AS (
       SELECT id, content, status::text AS status, times_recalled, created_at FROM lessons WHERE tenant_id = $1 AND user_key = '*'
     ), pairs AS (
       SELECT DISTINCT lesson_id, run_id FROM lesson_recalls WHERE tenant_id = $1
     ), recalling AS (
       SELECT p.lesson_id, f.* FROM pairs p JOIN finished f ON f.id = p.run_id
     ), kinds AS (
       SELECT lesson_id, array_agg(DISTINCT kind) AS kinds FROM recalling GROUP BY lesson_id
     )
     SELECT s.id AS lesson_id, s.content, s.status, s.times_recalled, k.kinds,
       (SELECT count(*)::int FROM recalling r WHERE r.lesson_id = s.id) AS with_runs,
       (SELECT count(*)::int FROM recalling r WHERE r.lesson_id = s.id AND r.status = 'succeeded') AS with_passed,
       (SELECT avg(r.attempts_used)::float8 FROM recalling r WHERE r.lesson_id = s.id) AS with_attempts,
       (SELECT count(*)::int FROM pairs p JOIN left_out x ON x.id = p.run_id WHERE p.lesson_id = s.id) AS with_excluded,
       (SELECT count(*)::int FROM left_out x WHERE x.created_at >= s.created_at AND x.kind = ANY(COALESCE(k.kinds, ARRAY[]::text[]))
          AND NOT EXISTS (SELECT 1 FROM pairs p WHERE p.lesson_id = s.id AND p.run_id = x.id)) AS other_excluded,
       o.runs AS other_runs, o.passed AS other_passed, o.attempts AS other_attempts
     FROM shared s LEFT JOIN kinds k ON k.lesson_id = s.id
     CROSS JOIN LATERAL (
       SELECT count(*)::int AS runs, count(*) FILTER (WHERE f.status = 'succeeded')::int AS passed, avg(f.attempts_used)::float8 AS attempts
       FROM finished f
       WHERE f.created_at >= s.created_at AND f.kind = ANY(COALESCE(k.kinds, ARRAY[]::text[]))
         AND NOT EXISTS (SELECT 1 FROM pairs p WHERE p.lesson_id = s.id AND p.run_id = f.id)
     ) o
     ORDER BY s.times_recalled DESC, s.created_at DESC`,
    caller.tenantId,
  )
  return rows.map((row) => {
    const recalling = group(row.with_runs, row.with_passed, row.with_attempts)
    const comparable = group(row.other_runs, row.other_passed, row.other_attempts)
    const worse =
      recalling.runs >= EFFECT_MIN_RUNS &&
      comparable.runs >= EFFECT_MIN_RUNS &&
      (recalling.passRate ?? 0) < (comparable.passRate ?? 0) - EFFECT_WORSE_GAP
    return {
      lessonId: row.lesson_id,
      content: row.content,
      status: row.status,
      timesRecalled: row.times_recalled,
      evaluatorKinds: row.kinds ?? [],
      recalling,
      comparable,
      excluded: { recalling: row.with_excluded, comparable: row.other_excluded },
      worse,
    }
  })
}
