// Helpers for run tests: a worker on this file's database and waiting for a run to finish.
import { getDatabase, getPrisma } from '../../../lib/adapters/db/client'
import type { LoggedEvent } from '../../../lib/core/events/event'
import { DEMO_SCENARIOS } from '../../../lib/adapters/models/demo'
import { startRunWorker, type RunWorker } from '../../../lib/services/runs/run-worker'
import { toLogged } from '../../../lib/services/runs/stored-event'
import type { TaskInputDraft } from '../../../lib/services/runs/task-input'

/** Starts an in-process worker with fast retries (tests do not wait for real backoff). */
export async function startTestWorker(
  options: { tenantConcurrency?: number; concurrency?: number } = {},
): Promise<RunWorker> {
  return startRunWorker({
    database: await getDatabase(),
    concurrency: options.concurrency ?? 4,
    tenantConcurrency: options.tenantConcurrency ?? 4,
    retry: { maxRetries: 2, baseDelayMs: 10, timeoutMs: 5_000 },
    recoverEveryMs: 60_000,
  })
}

/** Waits until the run's status is terminal and returns the row. */
export async function waitForRun(runId: string, timeoutMs = 30_000) {
  const prisma = await getPrisma()
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const run = await prisma.run.findUniqueOrThrow({ where: { id: runId } })
    if (['succeeded', 'failed', 'interrupted', 'cancelled'].includes(run.status) && run.finishedAt) return run
    if (Date.now() > deadline) throw new Error(`run ${runId} still ${run.status} after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The run's stored log in index order. */
export async function storedEvents(runId: string): Promise<LoggedEvent[]> {
  const prisma = await getPrisma()
  const rows = await prisma.runEvent.findMany({ where: { runId }, orderBy: { index: 'asc' } })
  return rows.map(toLogged)
}

/** A demo scenario's task, optionally in another lesson mode. */
export function scenarioTask(id: string, lessonMode?: 'monotonic' | 'selective'): TaskInputDraft {
  const scenario = DEMO_SCENARIOS.find((candidate) => candidate.id === id)!
  return { ...scenario.task, reflexion: { ...scenario.task.reflexion, ...(lessonMode && { lessonMode }) } }
}

/** Types of the events of one attempt-level kind, in order. */
export function typesOf(events: LoggedEvent[]): string[] {
  return events.map((event) => event.type)
}
