import type { LanguageModelV4 } from '@ai-sdk/provider'
import { generateText, type ModelMessage, type ToolSet } from 'ai'
import { via } from '../events/cause'
import { HANDLERS } from '../events/vocabulary'
import { withRetry, type RetryOptions } from './retry'
import { traceOf } from './model-trace'
import { bound } from './prompts'
import { safeErrorMessage } from './redact'
import { HandlerFailure, RunContext, RunStop } from './run-context'
import type { ModelRole } from './usage'

/** Longest text preview written in agent.model_called. */
export const MAX_PREVIEW_CHARS = 2000

/** One model call the engine makes; `sourceIndex` + `handler` are the event's recorded cause. */
export type ModelCallRequest = {
  role: ModelRole
  model: LanguageModelV4
  retry: boolean
  system: string
  messages: ModelMessage[]
  tools?: ToolSet
  sourceIndex: number
  handler: string
  attempt: number
  turn?: number
  worker?: string
}

/** What a completed call returns: its event index, text, tool calls and the messages to append. */
export type ModelCallResult = {
  index: number
  text: string
  toolCalls: { toolCallId: string; toolName: string; input: unknown }[]
  responseMessages: ModelMessage[]
}

/** The label written in events for a model: `provider:modelId`. */
export function modelLabel(model: LanguageModelV4): string {
  return `${model.provider}:${model.modelId}`
}

/**
 * A model without the agent's retry policy (a role model, or retries turned off) still gets the call timeout:
 * one try, bounded, so a judge that never answers ends as a recorded failure instead of a hung run.
 */
function withTimeoutOnly(model: LanguageModelV4, policy: RetryOptions | false): LanguageModelV4 {
  return withRetry(model, { maxRetries: 0, ...(policy !== false && { timeoutMs: policy.timeoutMs }) })
}

function withoutExecute(tools: ToolSet | undefined): ToolSet | undefined {
  if (!tools) return undefined
  return Object.fromEntries(
    Object.entries(tools).map(([name, definition]) => [name, { ...definition, execute: undefined }]),
  ) as ToolSet
}

/**
 * Calls a model once, emitting agent.model_called (also for each failed try, so run.retried can point
 * at it). A final provider failure becomes a HandlerFailure; an abort by the caller a cancellation.
 */
export async function callModel(run: RunContext, request: ModelCallRequest): Promise<ModelCallResult> {
  run.throwIfCancelled()
  const base = {
    role: request.role,
    model: modelLabel(request.model),
    attempt: request.attempt,
    ...(request.turn !== undefined && { turn: request.turn }),
    ...(request.worker !== undefined && { worker: request.worker }),
  }
  const cause = via(request.sourceIndex, request.handler)
  // What the model saw, recorded with the call (bounded and redacted), and how long it took.
  const prompt = traceOf(request.system, request.messages)
  const startedAt = run.options.clock().getTime()
  const latencyMs = () => Math.max(0, run.options.clock().getTime() - startedAt)
  const emitFailed = (error: string) =>
    run.emit('agent.model_called', cause, {
      ...base,
      usage: { inputTokens: 0, outputTokens: 0 },
      finishReason: 'error',
      text: '',
      failed: true,
      error,
      latencyMs: latencyMs(),
      prompt,
    })
  const policy = run.options.retry
  const model =
    request.retry && policy !== false
      ? withRetry(request.model, {
          ...policy,
          onRetry: async (info) => {
            const failed = await emitFailed(safeErrorMessage(info.error))
            await run.emit('run.retried', via(failed, HANDLERS.retry), {
              retry: info.retry,
              delayMs: info.delayMs,
              error: safeErrorMessage(info.error),
              ...(info.statusCode !== undefined && { statusCode: info.statusCode }),
            })
          },
        })
      : withTimeoutOnly(request.model, policy)
  let result
  try {
    result = await generateText({
      model,
      system: request.system,
      messages: request.messages,
      tools: withoutExecute(request.tools),
      maxRetries: 0,
      abortSignal: run.signal,
    })
  } catch (error) {
    if (run.signal?.aborted) throw new RunStop('cancelled', undefined, 'cancelled by the caller')
    const message = safeErrorMessage(error)
    await emitFailed(message)
    throw new HandlerFailure(request.handler, request.sourceIndex, message)
  }
  const tokens = { inputTokens: result.usage.inputTokens ?? 0, outputTokens: result.usage.outputTokens ?? 0 }
  run.usage.record(request.role, request.model, tokens)
  const toolCalls = result.toolCalls.map((call) => ({
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    input: call.input,
  }))
  const index = await run.emit('agent.model_called', cause, {
    ...base,
    usage: tokens,
    finishReason: result.finishReason,
    text: bound(result.text, MAX_PREVIEW_CHARS),
    ...(toolCalls.length > 0 && { toolCalls: toolCalls.map((call) => call.toolName) }),
    latencyMs: latencyMs(),
    prompt,
  })
  return { index, text: result.text, toolCalls, responseMessages: result.response.messages }
}
