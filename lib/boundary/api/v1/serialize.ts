import type { LessonView } from '../../../services/lessons/lesson-view'
import type { ProposalView } from '../../../services/lessons/proposals'
import type { RunView } from '../../../services/runs/queries'

const iso = (date: Date | null) => (date ? date.toISOString() : null)

/** A run as the API returns it (dates as ISO strings, no internal config). */
export function runJson(run: RunView) {
  return {
    id: run.id,
    status: run.status,
    title: run.title,
    prompt: run.prompt,
    model: run.model,
    userId: run.userId,
    attemptsUsed: run.attemptsUsed,
    maxAttempts: run.maxAttempts,
    threshold: run.threshold,
    bestScore: run.bestScore,
    output: run.output,
    interruptionReason: run.interruptionReason,
    costUsd: run.costUsd,
    eventCount: run.eventCount,
    cancelRequested: run.cancelRequested,
    createdAt: run.createdAt.toISOString(),
    startedAt: iso(run.startedAt),
    finishedAt: iso(run.finishedAt),
  }
}

/** A lesson as the API returns it. */
export function lessonJson(lesson: LessonView) {
  return {
    id: lesson.id,
    shared: lesson.shared,
    content: lesson.content,
    status: lesson.status,
    tags: lesson.tags,
    taskKey: lesson.taskKey,
    expiresAt: iso(lesson.expiresAt),
    sourceRunId: lesson.sourceRunId,
    timesRecalled: lesson.timesRecalled,
    createdAt: lesson.createdAt.toISOString(),
    updatedAt: lesson.updatedAt.toISOString(),
  }
}

/** A proposal as the API returns it. */
export function proposalJson(proposal: ProposalView) {
  return {
    id: proposal.id,
    lessonId: proposal.lessonId,
    content: proposal.content,
    status: proposal.status,
    proposedBy: proposal.proposedBy,
    createdAt: proposal.createdAt.toISOString(),
  }
}

/** A JSON answer that is never cached. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } })
}
