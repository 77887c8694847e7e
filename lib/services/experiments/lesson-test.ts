import 'server-only'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { getPrisma } from '../../adapters/db/client'
import { AppError, notFound } from '../../errors'
import { SHARED_LESSON } from '../../core/reflexion/lesson-modes'
import { createDataset, runAsDatasetItem } from './datasets'
import { startExperiment } from './experiments'
import type { DatasetItem } from './schemas'

/** Most tasks a proposed lesson test replays. */
const MAX_PROPOSED_ITEMS = 30

type CandidateRow = { id: string; title: string; prompt: string; config: unknown }

/**
 * The tasks that test a shared lesson: past runs of the tenant (not experiments) that recalled it or
 * share its task key or a tag, newest first, one per distinct prompt.
 */
export async function proposeLessonDataset(
  caller: Caller,
  lessonId: string,
): Promise<{ lesson: { id: string; content: string }; items: DatasetItem[] }> {
  requirePermission(caller, 'experiments.manageTenant')
  const prisma = await getPrisma()
  const lesson = await prisma.lesson.findFirst({
    where: { id: lessonId, tenantId: caller.tenantId, userKey: SHARED_LESSON, status: 'active' },
    select: { id: true, content: true, taskKey: true, tags: true },
  })
  if (!lesson) throw notFound()
  const rows = await prisma.$queryRawUnsafe<CandidateRow[]>(
    `SELECT r.id, r.title, r.prompt, r.config FROM runs r
     WHERE r.tenant_id = $1 AND r.experiment_id IS NULL AND (
       EXISTS (SELECT 1 FROM lesson_recalls lr WHERE lr.tenant_id = $1 AND lr.lesson_id = $2 AND lr.run_id = r.id)
       OR ($3::text IS NOT NULL AND r.config->>'taskKey' = $3::text)
       OR (cardinality($4::text[]) > 0 AND COALESCE(r.config->'tags', '[]'::jsonb) ?| $4::text[]))
     ORDER BY r.created_at DESC LIMIT 500`,
    caller.tenantId,
    lesson.id,
    lesson.taskKey,
    lesson.tags,
  )
  const seen = new Set<string>()
  const items: DatasetItem[] = []
  for (const row of rows) {
    const key = row.prompt.trim().toLowerCase()
    if (seen.has(key)) continue
    try {
      items.push(runAsDatasetItem(row.config, row.title))
      seen.add(key)
    } catch {
      // A run stored under an older task schema cannot be replayed as is.
    }
    if (items.length >= MAX_PROPOSED_ITEMS) break
  }
  return { lesson: { id: lesson.id, content: lesson.content }, items }
}

/**
 * "Test this lesson" in one click: a tenant dataset of the proposed tasks and an experiment of two arms,
 * no lessons against this lesson alone, each run given one attempt (so a run's own reflection cannot
 * stand in for the lesson).
 */
export async function testLesson(
  caller: Caller,
  lessonId: string,
): Promise<{ experimentId: string; datasetId: string }> {
  const { lesson, items } = await proposeLessonDataset(caller, lessonId)
  if (items.length === 0)
    throw new AppError(
      'bad_request',
      'No past run recalled this lesson or shares its task key or tags: build a dataset by hand, then start an experiment there.',
    )
  const short = lesson.content.length > 60 ? `${lesson.content.slice(0, 59)}…` : lesson.content
  const { datasetId } = await createDataset(caller, {
    name: `Tasks for “${short}”`,
    description: `Past runs that recalled the lesson or share its task key or tags (${items.length}).`,
    shared: true,
    items,
  })
  const { experimentId } = await startExperiment(caller, {
    datasetId,
    name: `Test: ${short}`,
    arms: [
      { label: 'No lessons', lessonIds: [], maxAttempts: 1 },
      { label: 'With this lesson', lessonIds: [lesson.id], maxAttempts: 1 },
    ],
    repeats: 1,
  })
  return { experimentId, datasetId }
}
