import { via, type Cause } from '../events/cause'
import type { EngineEvent } from '../events/event'
import { EventSinkError } from './errors'
import { safeErrorMessage } from './redact'
import type { RunProgress } from './reflexion-loop'
import { HandlerFailure, RunStop, RunYield, type InterruptionReason, type RunContext } from './run-context'
import type { RunUsage } from './usage'

/** What `agent.run` returns. */
export type RunResult = {
  runId: string
  status: 'succeeded' | 'failed' | 'interrupted'
  output: string
  events: EngineEvent[]
  interrupted: boolean
  interruptionReason?: InterruptionReason
  bestScore: number | null
  attempts: number
  turns: number
  usage: RunUsage
}

/**
 * Runs `body` and always closes the log: stops become run.interrupted, handler failures
 * run.handler_raised + run.interrupted('provider_error', via the driver's handler), then run.finished (cause framework).
 * Only an error thrown by the caller's onEvent propagates, with no run.finished.
 */
export async function driveRun(
  run: RunContext,
  progress: RunProgress,
  stopHandler: string,
  body: () => Promise<'succeeded' | 'failed'>,
): Promise<RunResult> {
  let status: RunResult['status']
  let interruptionReason: InterruptionReason | undefined
  try {
    try {
      status = await body()
    } catch (error) {
      if (error instanceof EventSinkError || error instanceof RunYield) throw error
      status = 'interrupted'
      if (error instanceof RunStop) {
        interruptionReason = error.reason
        const cause: Cause = error.stopCause ?? via(run.lastIndex, stopHandler)
        await run.emit('run.interrupted', cause, {
          reason: error.reason,
          ...(error.detail !== undefined && { detail: error.detail }),
        })
      } else {
        interruptionReason = 'provider_error'
        const failure = error instanceof HandlerFailure ? error : undefined
        const message = failure ? failure.errorMessage : safeErrorMessage(error)
        const sourceEvent = failure ? failure.sourceEvent : run.lastIndex
        const cause: Cause = failure ? via(failure.sourceEvent, failure.handler) : { kind: 'framework' }
        const raised = await run.emit('run.handler_raised', cause, {
          handler: failure?.handler ?? 'framework',
          error: message,
          sourceEvent,
        })
        await run.emit('run.interrupted', via(raised, stopHandler), { reason: 'provider_error', detail: message })
      }
    }
    await run.emit(
      'run.finished',
      { kind: 'framework' },
      {
        status,
        output: progress.output,
        bestScore: progress.bestScore,
        attempts: progress.attempts,
        ...(interruptionReason && { interruptionReason }),
      },
    )
  } catch (error) {
    if (error instanceof EventSinkError) throw error.original
    throw error
  }
  return {
    runId: run.options.runId,
    status,
    output: progress.output,
    events: [...run.events],
    interrupted: status === 'interrupted',
    ...(interruptionReason && { interruptionReason }),
    bestScore: progress.bestScore,
    attempts: progress.attempts,
    turns: progress.turns,
    usage: run.usage.snapshot(),
  }
}
