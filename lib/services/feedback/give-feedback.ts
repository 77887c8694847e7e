import 'server-only'
/**
 * Rating a run or an attempt: recorded in the run's own log as `run.feedback_given`, caused by the
 * event it rates (the attempt's evaluation, or run.finished) via the `feedback` handler, so the
 * timeline, the export, Reflection and the support agent all see it. Only a finished run can be rated
 * (its log no longer moves); members rate their own runs, support and admins any run of the tenant.
 */
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { getDatabase } from '../../adapters/db/client'
import { AppError } from '../../errors'
import { HANDLERS } from '../../core/events/vocabulary'
import { TERMINAL_STATUSES } from '../runs/execute-run'
import { getRun } from '../runs/queries'
import { openRunSink } from '../runs/run-log'
import { runServicesFor } from '../runs/run-services'
import type { FeedbackInput } from './feedback-input'

/** Records one rating; returns the position of its event in the run's log. */
export async function giveFeedback(caller: Caller, input: FeedbackInput): Promise<{ index: number }> {
  requirePermission(caller, 'runs.feedback')
  const run = await getRun(caller, input.runId)
  if (!TERMINAL_STATUSES.has(run.status)) throw new AppError('bad_request', 'Rate a run once it has finished.')
  const database = await getDatabase()
  const sink = await openRunSink(database.prisma, runServicesFor(database).writer, run.id)
  const log = sink.events()
  let target = log.findLast((event) => event.type === 'run.finished')?.index ?? log.length - 1
  if (input.attempt !== undefined) {
    const ofAttempt = log.filter((event) => event.payload.attempt === input.attempt)
    if (!log.some((event) => event.type === 'reflexion.attempt_started' && event.payload.attempt === input.attempt))
      throw new AppError('bad_request', `This run has no attempt ${input.attempt}.`, {
        attempt: [`This run has no attempt ${input.attempt}.`],
      })
    target = (ofAttempt.findLast((event) => event.type === 'reflexion.evaluated') ?? ofAttempt[ofAttempt.length - 1])
      .index
  }
  const index = sink.nextIndex
  await sink.append([
    {
      index,
      type: 'run.feedback_given',
      kind: 'DomainEvent',
      namespace: 'run',
      payload: {
        rating: input.rating,
        ...(input.attempt !== undefined && { attempt: input.attempt }),
        comment: input.comment ?? '',
        by: caller.userId,
        role: caller.role,
      },
      cause: { kind: 'handler', index: target, handler: HANDLERS.feedback },
      at: new Date().toISOString(),
    },
  ])
  return { index }
}
