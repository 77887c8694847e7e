// Helpers for the lesson and admin page tests: lessons written like a run would, counts of every
// table a lesson form writes to, and a run that goes to its end.
import { getPrisma } from '../../../lib/adapters/db/client'
import { defaultEmbedder } from '../../../lib/services/lessons/embedders'
import { PgLessonStore } from '../../../lib/services/lessons/pg-lesson-store'
import { submitTaskDraft } from '../../../lib/services/runs/submit-task'
import type { TestUser } from '../helpers'
import { scenarioTask, storedEvents, waitForRun } from '../runs/run-helpers'

/** A lesson of a user, stored as the engine stores one (embedded, with provenance fields). */
export async function ownLesson(user: TestUser, content: string): Promise<string> {
  const store = new PgLessonStore({
    prisma: await getPrisma(),
    tenantId: user.caller.tenantId,
    embedder: defaultEmbedder(),
  })
  const [id] = await store.add([{ content, metadata: { user_id: user.id, attempt: 1, score: 0.25 } }])
  return id
}

/**
 * Row counts of every table the lesson and settings forms write to, in the given tenants (the test's own
 * and the other tenant it attacks from): the shared database also holds other files' tenants, whose
 * queued runs a test worker may still be finishing, so whole-table counts could move under a test.
 */
export async function lessonCounts(tenantIds: string[]) {
  const prisma = await getPrisma()
  const where = { tenantId: { in: tenantIds } }
  const [lessons, proposals, auditLogs, secrets, tenants] = await Promise.all([
    prisma.lesson.count({ where }),
    prisma.lessonProposal.count({ where }),
    prisma.auditLog.count({ where }),
    prisma.providerSecret.count({ where }),
    prisma.tenant.findMany({ where: { id: { in: tenantIds } }, select: { settings: true }, orderBy: { id: 'asc' } }),
  ])
  return { lessons, proposals, auditLogs, secrets, settings: JSON.stringify(tenants) }
}

/** A lesson row as stored (content, tags, status), to prove a refused form changed nothing. */
export async function lessonRow(id: string) {
  const prisma = await getPrisma()
  return prisma.lesson.findUnique({
    where: { id },
    select: { content: true, normalized: true, tags: true, taskKey: true, status: true, expiresAt: true },
  })
}

/** Runs the kyoto walking-tour demo task for a user to its end; returns the ids of the lessons each attempt recalled. */
export async function kyotoRun(user: TestUser): Promise<{ runId: string; attemptsUsed: number; recalled: string[][] }> {
  const { runId } = await submitTaskDraft(user.caller, scenarioTask('kyoto-walk'))
  const run = await waitForRun(runId)
  const events = await storedEvents(runId)
  const recalled = events
    .filter((event) => event.type === 'reflexion.lessons_recalled')
    .map((event) => (event.payload.lessons as { id: string }[]).map((lesson) => lesson.id))
  return { runId, attemptsUsed: run.attemptsUsed, recalled }
}

/** A FormData from plain values. */
export function formData(values: Record<string, string>): FormData {
  const data = new FormData()
  for (const [key, value] of Object.entries(values)) data.set(key, value)
  return data
}

/** The shared walking-tour lesson that makes the kyoto demo pass at its first attempt. */
export const WALKING_LESSON =
  'When the user asks for a relaxed walking tour, plan at most 3 stops unless they ask for more.'
