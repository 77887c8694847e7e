import type { LoggedEvent } from '@/lib/core/events/event'
import { formatScore } from './run-format'

/** How an event row looks: plain, good news, a warning or a failure. */
export type EventTone = 'normal' | 'success' | 'warning' | 'error'

const str = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value)
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** One line that says what an event means, and its tone. Text only: the page renders it as text. */
export function summarizeEvent(event: LoggedEvent): { text: string; tone: EventTone } {
  switch (event.type) {
    case 'run.submitted': {
      const { title, model } = event.payload
      return { text: `Submitted “${title || 'task'}” (${model || 'default model'})`, tone: 'normal' }
    }
    case 'run.started':
      return { text: 'A worker started the run', tone: 'normal' }
    case 'reflexion.attempt_started': {
      const { attempt, maxAttempts } = event.payload
      return { text: `Attempt ${attempt ?? '?'}${maxAttempts ? ` of ${maxAttempts}` : ''} started`, tone: 'normal' }
    }
    case 'reflexion.lessons_recalled': {
      const { lessons = [], mode } = event.payload
      return { text: `${plural(lessons.length, 'lesson')} put in the prompt (${mode || 'lessons'})`, tone: 'normal' }
    }
    case 'agent.model_called': {
      const p = event.payload
      const who = p.worker ? `${p.role ?? ''} ${p.worker}` : (p.role ?? '')
      if (p.failed) return { text: `${who} model call failed: ${p.error ?? ''}`, tone: 'warning' }
      return {
        text: `${who} model call · ${p.model ?? ''} · ${p.usage?.inputTokens ?? 0} in / ${p.usage?.outputTokens ?? 0} out tokens${typeof p.latencyMs === 'number' ? ` · ${p.latencyMs} ms` : ''}`,
        tone: 'normal',
      }
    }
    case 'agent.tool_called': {
      const { toolName, worker, input } = event.payload as Record<string, unknown>
      return {
        text: `Called tool ${str(toolName)}${worker ? ` (worker ${str(worker)})` : ''} with ${str(input).slice(0, 120)}`,
        tone: 'normal',
      }
    }
    case 'agent.tool_returned': {
      const { toolName, isError, error, output, durationMs } = event.payload as Record<string, unknown>
      return {
        text: `Tool ${str(toolName)} ${isError ? `failed: ${str(error ?? output).slice(0, 160)}` : `returned ${str(output).slice(0, 120)}`}${typeof durationMs === 'number' ? ` (${durationMs} ms)` : ''}`,
        tone: isError ? 'warning' : 'normal',
      }
    }
    case 'agent.worker_delegated':
      return { text: `Delegated to worker ${event.payload.worker ?? ''}`, tone: 'normal' }
    case 'agent.worker_returned': {
      const { worker, outOfTurns } = event.payload
      return {
        text: `Worker ${worker ?? ''} answered${outOfTurns ? ' (out of turns)' : ''}`,
        tone: outOfTurns ? 'warning' : 'normal',
      }
    }
    case 'agent.output_produced':
      return { text: 'The attempt produced its output', tone: 'normal' }
    case 'agent.out_of_turns':
      return { text: `Used all ${event.payload.maxTurns ?? ''} turns without an answer`, tone: 'warning' }
    case 'reflexion.evaluated': {
      const { score, threshold, passed } = event.payload
      return {
        text: `Scored ${formatScore(score ?? null)} against ${formatScore(threshold ?? null)}: ${passed ? 'passed' : 'not passed'}`,
        tone: passed ? 'success' : 'warning',
      }
    }
    case 'reflexion.threshold_met':
      return { text: `Threshold met with ${formatScore(event.payload.score ?? null)}`, tone: 'success' }
    case 'reflexion.lesson_produced':
      return {
        text: event.payload.empty ? 'The reflector wrote no lesson' : 'The reflector wrote a lesson',
        tone: 'normal',
      }
    case 'reflexion.lesson_persisted': {
      const { duplicate, blockSize } = event.payload
      return {
        text: duplicate
          ? 'Lesson already known: not stored again'
          : `Lesson stored${blockSize !== undefined ? ` (memory now holds ${plural(blockSize, 'lesson')})` : ''}`,
        tone: 'normal',
      }
    }
    case 'reflexion.max_attempts_reached': {
      const { attempts, bestScore } = event.payload
      return {
        text: `All ${plural(attempts ?? 0, 'attempt')} used; best score ${formatScore(bestScore ?? null)}`,
        tone: 'error',
      }
    }
    case 'run.retried': {
      const { retry, delayMs, error } = event.payload
      return { text: `Retry ${retry ?? ''} in ${delayMs ?? 0} ms after: ${error ?? ''}`, tone: 'warning' }
    }
    case 'run.budget_warning':
    case 'run.budget_exceeded': {
      const { metric, used, limit } = event.payload
      const what = event.type === 'run.budget_warning' ? 'Budget warning' : 'Budget exceeded'
      return {
        text: `${what}: ${metric ?? ''} ${used ?? ''} of ${limit ?? ''}`,
        tone: event.type === 'run.budget_warning' ? 'warning' : 'error',
      }
    }
    case 'run.guardrail_tripped': {
      const { stage, reason } = event.payload
      return { text: `Guardrail refused the ${stage || 'step'}: ${reason ?? ''}`, tone: 'error' }
    }
    case 'run.handler_raised':
      return { text: `${event.payload.handler ?? ''} raised: ${event.payload.error ?? ''}`, tone: 'error' }
    case 'run.interrupted': {
      const { reason, detail } = event.payload
      // A cancellation is not a failure of the run: say it once, plainly.
      if (reason === 'cancelled') return { text: 'Cancelled', tone: 'warning' }
      return { text: `Interrupted: ${reason ?? ''}${detail ? ` — ${detail}` : ''}`, tone: 'error' }
    }
    case 'run.finished': {
      const { status, bestScore, interruptionReason } = event.payload
      return {
        text: `Finished: ${interruptionReason === 'cancelled' ? 'cancelled' : (status ?? '')}${typeof bestScore === 'number' ? `, best score ${formatScore(bestScore)}` : ''}`,
        tone: status === 'succeeded' ? 'success' : 'error',
      }
    }
    default:
      return { text: event.type, tone: 'normal' }
  }
}
