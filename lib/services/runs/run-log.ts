import 'server-only'
import type { Db } from '../../adapters/db/client'
import { summarizeRun } from '../../core/events/reducers'
import type { EventWriter } from './event-writer'
import { RunEventSink } from './run-event-sink'
import { readLoggedEvents } from './run-event-reader'

/**
 * Opens a sink positioned after the run's stored log (the writer checks nobody else moved it).
 * Without `tenantId` the run's own is looked up first, so the read stays within one tenant.
 */
export async function openRunSink(
  prisma: Db,
  writer: EventWriter,
  runId: string,
  tenantId?: string,
): Promise<RunEventSink> {
  const tenant =
    tenantId ?? (await prisma.run.findUniqueOrThrow({ where: { id: runId }, select: { tenantId: true } })).tenantId
  return new RunEventSink(writer, runId, await readLoggedEvents(prisma, { tenantId: tenant, runId }))
}

/**
 * Ends a run that the engine will not end itself (lost worker, cancelled while queued, engine could
 * not start): appends run.interrupted with the reason and run.finished, both caused by the framework.
 */
export async function endRunInterrupted(
  sink: RunEventSink,
  reason: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  const log = sink.events()
  if (log.some((event) => event.type === 'run.finished')) return
  const summary = summarizeRun(log)
  const lastOutput = log.findLast((event) => event.type === 'agent.output_produced')?.payload.output
  const at = new Date().toISOString()
  const framework = { kind: 'framework' } as const
  const start = sink.nextIndex
  await sink.append([
    {
      index: start,
      type: 'run.interrupted',
      kind: 'SystemEvent',
      namespace: 'run',
      payload: { reason, ...details },
      cause: framework,
      at,
    },
    {
      index: start + 1,
      type: 'run.finished',
      kind: 'SystemEvent',
      namespace: 'run',
      cause: framework,
      at,
      payload: {
        status: 'interrupted',
        output: typeof lastOutput === 'string' ? lastOutput : '',
        bestScore: summary.bestScore,
        attempts: summary.attemptsUsed,
        interruptionReason: reason,
      },
    },
  ])
}
