import type { EngineEvent } from '../events/event'
import { recordLessonRecalls } from '../lessons/recall-stats'
import type { RetryOptions } from '../models/retry'
import { tenantSecrets } from '../models/tenant-secrets'
import type { Embedder } from '../reflexion/embedder'
import { safeErrorMessage } from '../reflexion/redact'
import { cancelledBy, type CancellationWatch } from './cancellation-watch'
import { claimRun } from './claim-run'
import { buildRunAgent } from './run-agent'
import { endRunInterrupted, openRunSink } from './run-log'
import type { RunServices } from './run-services'
import { storedTaskOf } from './stored-task'
import { tenantRunSettings } from './tenant-run-settings'
import type { OutboundPolicy } from '../net'
import { buildRunTools, type RunTools } from '../tools/run-tools'

/** Statuses after which a run never executes again. */
export const TERMINAL_STATUSES = new Set(['succeeded', 'failed', 'interrupted', 'cancelled'])

/** How the executor is tuned (tests shorten retries; benches and demos add latency). */
export type ExecutorOptions = {
  tenantConcurrency: number
  retry?: RetryOptions | false
  embedder?: Embedder
  workerLabel?: string
  /** Addresses tools may reach beyond the public internet (tests; the operator uses OUTBOUND_ALLOW). */
  outboundPolicy?: OutboundPolicy
}

/** What happened to a job: executed, skipped (finished, or executing elsewhere), ended, or deferred (tenant at its limit). */
export type ExecuteOutcome = 'executed' | 'skipped' | 'ended' | 'deferred'

/**
 * Executes one run: under its lease, a finished run does nothing (a retried job is harmless), a
 * run left `running` by a dead worker ends `interrupted` (worker_lost), a queued run is claimed
 * within its tenant's limit and driven by the engine with the Postgres event sink.
 */
export async function executeRun(
  services: RunServices,
  watch: CancellationWatch,
  runId: string,
  options: ExecutorOptions,
): Promise<ExecuteOutcome> {
  const { prisma } = services.database
  const first = await prisma.run.findUnique({ where: { id: runId }, select: { status: true } })
  if (!first || TERMINAL_STATUSES.has(first.status)) return 'skipped'
  if (!(await services.leases.tryAcquire(runId))) return 'skipped'
  try {
    const run = await prisma.run.findUnique({
      where: { id: runId },
      include: { tenant: { select: { settings: true } } },
    })
    if (!run || TERMINAL_STATUSES.has(run.status)) return 'skipped'
    if (run.status === 'running') {
      await endRunInterrupted(await openRunSink(prisma, services.writer, runId), 'worker_lost', {
        detail: 'the worker executing this run stopped; the run was not resumed',
      })
      return 'ended'
    }
    if (run.cancelRequestedAt) {
      const by = await cancelledBy(prisma, run.tenantId, runId)
      await endRunInterrupted(await openRunSink(prisma, services.writer, runId), 'cancelled', {
        detail: 'cancelled before it started',
        ...(by && { cancelledBy: by }),
      })
      return 'ended'
    }
    const claim = await claimRun(prisma, run, options.tenantConcurrency)
    if (claim === 'tenant_busy') return 'deferred'
    if (claim === 'not_queued') return 'skipped'
    const sink = await openRunSink(prisma, services.writer, runId)
    const task = storedTaskOf(run.config)
    const settings = tenantRunSettings(run.tenant.settings)
    let built
    let runTools: RunTools | undefined
    try {
      runTools = await buildRunTools(prisma, run.tenantId, task.tools ?? [], { policy: options.outboundPolicy })
      built = await buildRunAgent(task, {
        tools: runTools.tools,
        prisma,
        tenantId: run.tenantId,
        runId,
        secrets: tenantSecrets(prisma, run.tenantId),
        retry: options.retry,
        demoLatencyMs: settings.demoLatencyMs,
        embedder: options.embedder,
      })
    } catch (error) {
      const message = safeErrorMessage(error)
      const at = new Date().toISOString()
      await sink.append([
        {
          index: sink.nextIndex,
          type: 'run.handler_raised',
          kind: 'SystemEvent',
          namespace: 'run',
          payload: { handler: 'framework', error: message, sourceEvent: sink.nextIndex - 1 },
          cause: { kind: 'framework' },
          at,
        },
      ])
      await endRunInterrupted(sink, 'model_config', { detail: message })
      return 'ended'
    }
    const watched = watch.watch(runId)
    try {
      const onEvent = async (event: EngineEvent) => {
        let recorded = event
        if (event.type === 'run.interrupted' && event.reason === 'cancelled') {
          const by = await cancelledBy(prisma, run.tenantId, runId)
          if (by) recorded = { ...event, cancelledBy: by }
        }
        await sink.onEvent(recorded)
        if (event.type === 'reflexion.lessons_recalled' && built.lessonStore && Array.isArray(event.lessons)) {
          const lessonIds = event.lessons
            .map((lesson) => (lesson as { id?: unknown }).id)
            .filter((id): id is string => typeof id === 'string')
          await recordLessonRecalls(prisma, {
            tenantId: run.tenantId,
            runId,
            attempt: Number(event.attempt) || 0,
            lessonIds,
          })
        }
      }
      await built.agent.run(run.prompt, {
        userId: run.userId,
        runId,
        seed: { index: sink.nextIndex - 1 },
        signal: watched.signal,
        onEvent,
      })
    } finally {
      watched.done()
      await runTools?.close()
    }
    return 'executed'
  } finally {
    await services.leases.release(runId)
  }
}
