import 'server-only'
import type { Database } from '../../adapters/db/client'
import { announce, dispatchWebhookEvent } from './dispatch'

const FAILED = new Set(['failed', 'interrupted'])

/**
 * After a run's log gets run.finished: `run.finished` to endpoints subscribed to it (any ending,
 * with its status), and `run.failed` as well when it failed or was interrupted. Never throws.
 */
export function announceRunEnded(database: Database, runId: string): void {
  announce(async () => {
    const run = await database.prisma.run.findUnique({
      where: { id: runId },
      select: {
        id: true,
        tenantId: true,
        userId: true,
        status: true,
        bestScore: true,
        attemptsUsed: true,
        interruptionReason: true,
        finishedAt: true,
      },
    })
    if (!run) return
    const data = {
      runId: run.id,
      userId: run.userId,
      status: run.status,
      bestScore: run.bestScore,
      attemptsUsed: run.attemptsUsed,
      interruptionReason: run.interruptionReason,
      finishedAt: run.finishedAt?.toISOString() ?? null,
    }
    await dispatchWebhookEvent(database, run.tenantId, 'run.finished', `run.finished:${run.id}`, data)
    if (FAILED.has(run.status))
      await dispatchWebhookEvent(database, run.tenantId, 'run.failed', `run.failed:${run.id}`, data)
  })
}

/** After a member proposes a lesson for sharing: `proposal.created` (ids only; admins read the text in the app). Never throws. */
export function announceProposalCreated(
  database: Database,
  proposal: { id: string; tenantId: string; lessonId: string; proposedById: string },
): void {
  announce(() =>
    dispatchWebhookEvent(database, proposal.tenantId, 'proposal.created', `proposal.created:${proposal.id}`, {
      proposalId: proposal.id,
      lessonId: proposal.lessonId,
      proposedById: proposal.proposedById,
    }),
  )
}
