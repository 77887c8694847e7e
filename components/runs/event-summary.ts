import type { LoggedEvent } from '@/lib/events/event'
import { formatScore } from './run-format'

/** How an event row looks: plain, good news, a warning or a failure. */
export type EventTone = 'normal' | 'success' | 'warning' | 'error'

const str = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value)
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null)
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** One line that says what an event means, and its tone. Text only: the page renders it as text. */
export function summarizeEvent(event: LoggedEvent): { text: string; tone: EventTone } {
  const p = event.payload
  switch (event.type) {
    case 'run.submitted':
      return { text: `Submitted “${str(p.title) || 'task'}” (${str(p.model) || 'default model'})`, tone: 'normal' }
    case 'run.started':
      return { text: 'A worker started the run', tone: 'normal' }
    case 'reflexion.attempt_started':
      return {
        text: `Attempt ${num(p.attempt) ?? '?'}${num(p.maxAttempts) ? ` of ${num(p.maxAttempts)}` : ''} started`,
        tone: 'normal',
      }
    case 'reflexion.lessons_recalled': {
      const count = Array.isArray(p.lessons) ? p.lessons.length : 0
      return { text: `${plural(count, 'lesson')} put in the prompt (${str(p.mode) || 'lessons'})`, tone: 'normal' }
    }
    case 'agent.model_called': {
      const usage = (p.usage ?? {}) as Record<string, unknown>
      const who = p.worker ? `${str(p.role)} ${str(p.worker)}` : str(p.role)
      if (p.failed) return { text: `${who} model call failed: ${str(p.error)}`, tone: 'warning' }
      return {
        text: `${who} model call · ${str(p.model)} · ${num(usage.inputTokens) ?? 0} in / ${num(usage.outputTokens) ?? 0} out tokens`,
        tone: 'normal',
      }
    }
    case 'agent.tool_called':
      return {
        text: `Called tool ${str(p.toolName)}${p.worker ? ` (worker ${str(p.worker)})` : ''} with ${str(p.input).slice(0, 120)}`,
        tone: 'normal',
      }
    case 'agent.tool_returned':
      return {
        text: `Tool ${str(p.toolName)} ${p.isError ? `failed: ${str(p.error ?? p.output).slice(0, 160)}` : `returned ${str(p.output).slice(0, 120)}`}${num(p.durationMs) !== null ? ` (${num(p.durationMs)} ms)` : ''}`,
        tone: p.isError ? 'warning' : 'normal',
      }
    case 'agent.worker_delegated':
      return { text: `Delegated to worker ${str(p.worker)}`, tone: 'normal' }
    case 'agent.worker_returned':
      return {
        text: `Worker ${str(p.worker)} answered${p.outOfTurns ? ' (out of turns)' : ''}`,
        tone: p.outOfTurns ? 'warning' : 'normal',
      }
    case 'agent.output_produced':
      return { text: 'The attempt produced its output', tone: 'normal' }
    case 'agent.out_of_turns':
      return { text: `Used all ${num(p.maxTurns) ?? ''} turns without an answer`, tone: 'warning' }
    case 'reflexion.evaluated':
      return {
        text: `Scored ${formatScore(num(p.score))} against ${formatScore(num(p.threshold))}: ${p.passed ? 'passed' : 'not passed'}`,
        tone: p.passed ? 'success' : 'warning',
      }
    case 'reflexion.threshold_met':
      return { text: `Threshold met with ${formatScore(num(p.score))}`, tone: 'success' }
    case 'reflexion.lesson_produced':
      return { text: p.empty ? 'The reflector wrote no lesson' : 'The reflector wrote a lesson', tone: 'normal' }
    case 'reflexion.lesson_persisted':
      return {
        text: p.duplicate
          ? 'Lesson already known: not stored again'
          : `Lesson stored${num(p.blockSize) !== null ? ` (memory now holds ${plural(num(p.blockSize) ?? 0, 'lesson')})` : ''}`,
        tone: 'normal',
      }
    case 'reflexion.max_attempts_reached':
      return {
        text: `All ${plural(num(p.attempts) ?? 0, 'attempt')} used; best score ${formatScore(num(p.bestScore))}`,
        tone: 'error',
      }
    case 'run.retried':
      return {
        text: `Retry ${num(p.retry) ?? ''} in ${num(p.delayMs) ?? 0} ms after: ${str(p.error)}`,
        tone: 'warning',
      }
    case 'run.budget_warning':
      return { text: `Budget warning: ${str(p.metric)} ${str(p.used)} of ${str(p.limit)}`, tone: 'warning' }
    case 'run.budget_exceeded':
      return { text: `Budget exceeded: ${str(p.metric)} ${str(p.used)} of ${str(p.limit)}`, tone: 'error' }
    case 'run.guardrail_tripped':
      return { text: `Guardrail refused the ${str(p.stage) || 'step'}: ${str(p.reason)}`, tone: 'error' }
    case 'run.handler_raised':
      return { text: `${str(p.handler)} raised: ${str(p.error)}`, tone: 'error' }
    case 'run.interrupted':
      return { text: `Interrupted: ${str(p.reason)}${p.detail ? ` — ${str(p.detail)}` : ''}`, tone: 'error' }
    case 'run.finished':
      return {
        text: `Finished: ${str(p.status)}${num(p.bestScore) !== null ? `, best score ${formatScore(num(p.bestScore))}` : ''}`,
        tone: p.status === 'succeeded' ? 'success' : 'error',
      }
    default:
      return { text: event.type, tone: 'normal' }
  }
}
