// What must hold for every run of some tenants after crashes and recovery: each run ended (finished,
// or interrupted with a reason), its log is 0..n-1 with one run.finished last, its row is the
// projection of its log, no lesson or memory line is stored twice, and recall stats count each
// (lesson, run, attempt) once and only for lessons the run's log says it recalled.
import { expect } from 'vitest'
import type { Db } from '../../../lib/adapters/db/client'
import { normaliseLesson } from '../../../lib/core/reflexion/lesson-text'
import { runColumnsOf } from '../../../lib/services/runs/projection'
import { toLogged } from '../../../lib/services/runs/stored-event'

const TERMINAL = ['succeeded', 'failed', 'interrupted', 'cancelled']

/** Runs of the tenants not yet ended. */
export async function unfinishedRuns(prisma: Db, tenantIds: string[]): Promise<number> {
  return prisma.run.count({
    where: { tenantId: { in: tenantIds }, OR: [{ status: { notIn: TERMINAL as never[] } }, { finishedAt: null }] },
  })
}

/** Waits until every run of the tenants has ended; throws with the stragglers after `timeoutMs`. */
export async function waitForAllRuns(prisma: Db, tenantIds: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while ((await unfinishedRuns(prisma, tenantIds)) > 0) {
    if (Date.now() > deadline) {
      const left = await prisma.run.findMany({
        where: { tenantId: { in: tenantIds }, finishedAt: null },
        select: { id: true, status: true, eventCount: true, createdAt: true },
      })
      throw new Error(
        `${left.length} runs still not finished after ${timeoutMs} ms: ${JSON.stringify(left.slice(0, 5))}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** Asserts every invariant and returns how the runs ended (`status` or `interrupted:<reason>` → count). */
export async function assertRecoveredInvariants(prisma: Db, tenantIds: string[]): Promise<Record<string, number>> {
  const runs = await prisma.run.findMany({
    where: { tenantId: { in: tenantIds } },
    include: { events: { orderBy: { index: 'asc' } } },
  })
  const outcomes: Record<string, number> = {}
  const recalledInLogs = new Set<string>()
  for (const run of runs) {
    const events = run.events.map(toLogged)
    const where = `run ${run.id}`
    expect(TERMINAL, where).toContain(run.status)
    expect(run.finishedAt, where).not.toBeNull()
    expect(
      events.map((event) => event.index),
      `${where}: indices`,
    ).toEqual(events.map((_, position) => position))
    expect(run.eventCount, where).toBe(events.length)
    expect(events.filter((event) => event.type === 'run.finished').length, `${where}: one run.finished`).toBe(1)
    expect(events.at(-1)?.type, where).toBe('run.finished')
    const projection = runColumnsOf(events)
    expect({ status: run.status, reason: run.interruptionReason, attempts: run.attemptsUsed }, where).toEqual({
      status: projection.status,
      reason: projection.interruptionReason,
      attempts: projection.attemptsUsed,
    })
    if (run.status === 'interrupted' || run.status === 'cancelled')
      expect(run.interruptionReason, `${where}: a reason`).toBeTruthy()
    const key = run.status === 'interrupted' ? `interrupted:${run.interruptionReason}` : run.status
    outcomes[key] = (outcomes[key] ?? 0) + 1
    for (const event of events.filter((candidate) => candidate.type === 'reflexion.lessons_recalled')) {
      for (const lesson of (event.payload.lessons ?? []) as { id?: string }[])
        if (lesson.id) recalledInLogs.add(`${lesson.id}|${run.id}|${event.payload.attempt}`)
    }
  }

  const lessons = await prisma.lesson.findMany({
    where: { tenantId: { in: tenantIds } },
    select: { id: true, tenantId: true, userKey: true, normalized: true, timesRecalled: true },
  })
  const lessonKeys = lessons.map((lesson) => `${lesson.tenantId}|${lesson.userKey}|${lesson.normalized}`)
  expect(new Set(lessonKeys).size, 'a lesson stored twice').toBe(lessonKeys.length)
  for (const block of await prisma.workingMemoryBlock.findMany({ where: { tenantId: { in: tenantIds } } })) {
    const lines = block.content
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map(normaliseLesson)
    expect(new Set(lines).size, `memory block of ${block.userKey} holds a line twice`).toBe(lines.length)
  }
  const recalls = await prisma.lessonRecall.findMany({
    where: { tenantId: { in: tenantIds } },
    select: { lessonId: true, runId: true, attempt: true },
  })
  const recallKeys = recalls.map((row) => `${row.lessonId}|${row.runId}|${row.attempt}`)
  expect(new Set(recallKeys).size, 'a recall counted twice').toBe(recallKeys.length)
  expect(
    recallKeys.filter((key) => !recalledInLogs.has(key)),
    'recall rows without a lessons_recalled event',
  ).toEqual([])
  const perLesson = new Map<string, number>()
  for (const row of recalls) perLesson.set(row.lessonId, (perLesson.get(row.lessonId) ?? 0) + 1)
  for (const lesson of lessons)
    expect(lesson.timesRecalled, `times_recalled of lesson ${lesson.id}`).toBe(perLesson.get(lesson.id) ?? 0)
  return outcomes
}
