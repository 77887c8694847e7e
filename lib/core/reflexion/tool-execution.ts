import type { ModelMessage, ToolSet } from 'ai'
import { renderValue } from './prompts'
import { safeErrorMessage } from './redact'
import { excerpt, untrustedSection } from './untrusted'

/** What one tool call produced: its output or error, how long it took, and the bounded text the model reads. */
export type ToolOutcome = {
  output: unknown
  isError: boolean
  /** Why it failed, for the log and the support agent (unknown tool, timeout, the tool's own error, refused). */
  error?: string
  durationMs: number
  /** The result as text, bounded to the policy's size (head and tail kept). */
  text: string
  truncated: boolean
  totalChars: number
}

class ToolTimeout extends Error {}

function withTimeout<T>(work: Promise<T>, timeoutMs: number, controller: AbortController): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(new ToolTimeout(`timed out after ${timeoutMs} ms`))
      reject(new ToolTimeout(`timed out after ${timeoutMs} ms`))
    }, timeoutMs)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/** The text the model and the log see of a tool's output. */
function outputText(output: unknown): string {
  return typeof output === 'string' ? output : renderValue(output, Number.MAX_SAFE_INTEGER)
}

/**
 * Runs one tool call under a time limit. A missing tool, a thrown error or a timeout is an outcome
 * with `isError` (an observation the agent can recover from), never an exception; the run's own
 * cancellation aborts the call through `signal` (the loop then stops the run).
 */
export async function executeTool(
  tools: ToolSet,
  call: { name: string; input: unknown; toolCallId: string },
  context: {
    messages: ModelMessage[]
    signal?: AbortSignal
    timeoutMs: number
    maxResultChars: number
    now: () => number
  },
): Promise<ToolOutcome> {
  const started = context.now()
  const finish = (output: unknown, isError: boolean, error?: string): ToolOutcome => {
    const bounded = excerpt(outputText(output), context.maxResultChars)
    return {
      output,
      isError,
      ...(error !== undefined && { error }),
      durationMs: Math.max(0, context.now() - started),
      text: bounded.text,
      truncated: bounded.truncated,
      totalChars: bounded.totalChars,
    }
  }
  const definition = Object.hasOwn(tools, call.name) ? tools[call.name] : undefined
  if (!definition?.execute) {
    const message = `unknown tool '${call.name}'; available: ${Object.keys(tools).join(', ') || '(none)'}`
    return finish(message, true, message)
  }
  const controller = new AbortController()
  const onAbort = () => controller.abort(context.signal?.reason)
  context.signal?.addEventListener('abort', onAbort, { once: true })
  try {
    const work = (async () => {
      let output: unknown = await definition.execute!(
        call.input as never,
        {
          toolCallId: call.toolCallId,
          messages: context.messages,
          abortSignal: controller.signal,
          context: {},
        } as never,
      )
      if (output && typeof output === 'object' && Symbol.asyncIterator in output) {
        for await (const part of output as AsyncIterable<unknown>) output = part
      }
      return output
    })()
    const output = await withTimeout(work, context.timeoutMs, controller)
    return finish(output, false)
  } catch (error) {
    const message = context.signal?.aborted ? 'cancelled with the run' : safeErrorMessage(error)
    return finish(`error: ${message}`, true, message)
  } finally {
    context.signal?.removeEventListener('abort', onAbort)
  }
}

/**
 * The tool result as the model reads it: a delimited, bounded data section naming the tool, so a
 * result that says "ignore your instructions" is read as data (the agent's system prompt says so).
 */
export function toolResultForModel(name: string, outcome: ToolOutcome): string {
  const attributes: Record<string, string> = { tool: name, status: outcome.isError ? 'error' : 'ok' }
  if (outcome.truncated) Object.assign(attributes, { truncated: 'true', total_chars: String(outcome.totalChars) })
  return untrustedSection('tool_result', outcome.text, attributes)
}
