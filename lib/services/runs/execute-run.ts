import 'server-only'
import type { EngineEvent } from '../../core/events/event'
import type { RetryOptions } from '../../core/reflexion/retry'
import { tenantSecrets } from '../../adapters/models/tenant-secrets'
import type { Embedder } from '../../core/reflexion/embedder'
import { safeErrorMessage } from '../../core/reflexion/redact'
import { RunTracer } from '../../adapters/observability/run-tracer'
import { resumePointOf, type ResumePoint } from '../../core/reflexion/resume'
import { RunYield } from '../../core/reflexion/run-context'
import { SecretScrubber } from '../../core/reflexion/secret-scrubber'
import { cancelledBy, type CancellationWatch } from './cancellation-watch'
import { claimRun } from './claim-run'
import { buildRunAgent, runSecrets } from './run-agent'
import type { OutboundPolicy } from '../../adapters/net'
import { buildRunTools } from '../tools/run-tools'
import type { RunEventSink } from './run-event-sink'
import { endRunInterrupted, openRunSink } from './run-log'
import type { RunServices } from './run-services'
import { storedTaskOf } from './stored-task'
import { tenantRunSettings } from './tenant-run-settings'
import { requireUsableUserId } from '../../core/reflexion/user-key'

/**
 * The user key an experiment's run learns and recalls under: its own, so its reflections stay out of
 * the owner's lessons and no other run (of any arm) recalls them.
 */
export function experimentRunUserKey(runId: string): string {
  return `experiment:${runId}`
}

/** Statuses after which a run never executes again. */
export const TERMINAL_STATUSES = new Set(['succeeded', 'failed', 'interrupted', 'cancelled'])

/** How the executor is tuned (tests shorten retries; benches and demos add latency). */
export type ExecutorOptions = {
  tenantConcurrency: number
  retry?: RetryOptions | false
  embedder?: Embedder
  workerLabel?: string
  /** True while the worker is shutting down: runs stop at their next attempt boundary and are handed over. */
  shouldYield?: () => boolean
  /** Addresses tools may reach beyond the public internet (tests; the operator uses OUTBOUND_ALLOW). */
  outboundPolicy?: OutboundPolicy
}

/** How many times a run is resumed after losing its worker before it ends `worker_lost` (a run that kills workers). */
const MAX_RESUMES = 3

/** What happened to a job: executed, skipped (finished, or executing elsewhere), ended, or deferred (tenant at its limit). */
export type ExecuteOutcome = 'executed' | 'skipped' | 'ended' | 'deferred' | 'yielded'

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
      // The lease was free: the worker that ran it stopped. Resume after its last completed attempt.
      const sink = await openRunSink(prisma, services.writer, runId, run.tenantId)
      const log = sink.events()
      const point = resumePointOf(log)
      const resumes = log.filter((event) => event.type === 'run.resumed').length
      if (run.cancelRequestedAt) {
        const by = await cancelledBy(prisma, run.tenantId, runId)
        await endRunInterrupted(sink, 'cancelled', {
          detail: 'cancelled while its worker was gone',
          ...(by && { cancelledBy: by }),
        })
        return 'ended'
      }
      if (!point || resumes >= MAX_RESUMES) {
        await endRunInterrupted(sink, 'worker_lost', {
          detail: point
            ? `the run's worker stopped ${resumes + 1} times; it is not resumed again`
            : 'the worker executing this run stopped after the run was decided',
        })
        return 'ended'
      }
      return await drive(sink, point)
    }
    const endCancelledBeforeStart = async (): Promise<ExecuteOutcome> => {
      const by = await cancelledBy(prisma, run.tenantId, runId)
      await endRunInterrupted(await openRunSink(prisma, services.writer, runId, run.tenantId), 'cancelled', {
        detail: 'cancelled before it started',
        ...(by && { cancelledBy: by }),
      })
      return 'ended'
    }
    if (run.cancelRequestedAt) return await endCancelledBeforeStart()
    const claim = await claimRun(prisma, run, options.tenantConcurrency)
    if (claim === 'tenant_busy') return 'deferred'
    if (claim === 'not_queued') {
      // A cancel request that landed between the read above and the claim: this worker holds the lease,
      // so it ends the run here, or nobody would (the run stayed queued, cancelled experiments never settled).
      const current = await prisma.run.findUnique({
        where: { id: runId },
        select: { status: true, cancelRequestedAt: true },
      })
      return current?.status === 'queued' && current.cancelRequestedAt ? await endCancelledBeforeStart() : 'skipped'
    }
    return await drive(await openRunSink(prisma, services.writer, runId, run.tenantId))

    /** Builds the run's engine and drives it from the seed, or from a resume point. */
    async function drive(sink: RunEventSink, resume?: ResumePoint): Promise<ExecuteOutcome> {
      if (!run) return 'skipped'
      const task = storedTaskOf(run.config)
      const settings = tenantRunSettings(run.tenant.settings)
      const context = {
        prisma,
        tenantId: run.tenantId,
        runId,
        secrets: tenantSecrets(prisma, run.tenantId),
        retry: options.retry,
        demoLatencyMs: settings.demoLatencyMs,
        embedder: options.embedder,
        // Of the tools the task chose, only those enabled in the run's tenant now (checked at execution).
        tools: undefined as import('ai').ToolSet | undefined,
        toolPolicy: undefined as { withheld: Record<string, string> } | undefined,
      }
      const runTools = await buildRunTools(prisma, run.tenantId, task.tools ?? [], { policy: options.outboundPolicy })
      context.tools = runTools.tools
      context.toolPolicy = { withheld: runTools.withheld }
      const scrubber = new SecretScrubber()
      let built
      try {
        requireUsableUserId('run', run.userId) // '*' would publish the run's lessons to every member
        // The MCP servers' header values too: a server that echoes them must not put them in the log.
        const secrets = [...(await runSecrets(context)), ...runTools.secrets]
        for (const secret of secrets) scrubber.add(secret)
        built = await buildRunAgent(task, context, secrets)
      } catch (error) {
        const message = scrubber.scrub(safeErrorMessage(error))
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
      const tracer = new RunTracer({ runId, tenantId: run.tenantId })
      try {
        const onEvent = async (event: EngineEvent) => {
          let recorded = event
          if (event.type === 'run.interrupted' && event.reason === 'cancelled') {
            const by = await cancelledBy(prisma, run.tenantId, runId)
            if (by) recorded = { ...event, cancelledBy: by }
          }
          await sink.onEvent(recorded)
          tracer.observe({ type: recorded.type, at: recorded.at, fields: recorded })
        }
        await built.agent.run(run.prompt, {
          userId: run.experimentId ? experimentRunUserKey(runId) : run.userId,
          runId,
          ...(resume ? { resume } : { seed: { index: sink.nextIndex - 1 } }),
          shouldYield: options.shouldYield,
          signal: watched.signal,
          onEvent,
        })
      } catch (error) {
        if (error instanceof RunYield) return 'yielded'
        throw error
      } finally {
        watched.done()
        tracer.finish()
        await runTools.close()
      }
      return 'executed'
    }
  } finally {
    await services.leases.release(runId)
  }
}
