import type { LanguageModelV4 } from '@ai-sdk/provider'
import type { ModelMessage, ToolSet } from 'ai'
import { via } from '../events/cause'
import { HANDLERS } from '../events/vocabulary'
import type { Step } from './architecture'
import { callModel } from './model-call'
import { renderValue } from './prompts'
import type { RunContext } from './run-context'
import { executeTool, toolResultForModel, type ToolOutcome } from './tool-execution'
import { DEFAULT_TOOL_POLICY, MAX_TOOL_INPUT_CHARS, type ToolPolicy, withheldToolError } from './tool-policy'
import type { ModelRole } from './usage'

/** Runs a delegation tool call; returns the answer and the index of agent.worker_returned. */
export type Delegate = (
  toolName: string,
  input: unknown,
  modelCalledIndex: number,
) => Promise<{ output: string; index: number } | undefined>

/** A tool-using loop: one model call per turn until a final answer or `maxTurns` calls. */
export type ToolLoopRequest = {
  run: RunContext
  role: ModelRole
  worker?: string
  model: LanguageModelV4
  retry: boolean
  system: string
  messages: ModelMessage[]
  tools: ToolSet
  maxTurns: number
  attempt: number
  startIndex: number
  firstHandler: string
  handler: string
  delegate?: Delegate
  /** Per-call timeout, calls per attempt, result size (defaults: DEFAULT_TOOL_POLICY). */
  toolPolicy?: ToolPolicy
}

/** How the loop ended; `lastModelIndex` is the last agent.model_called. */
export type ToolLoopResult = {
  status: 'final' | 'out_of_turns'
  text: string
  turns: number
  lastModelIndex: number
  steps: Step[]
}

/** Runs the loop, emitting model_called / tool_called / tool_returned with their recorded causes. */
export async function runToolLoop(request: ToolLoopRequest): Promise<ToolLoopResult> {
  const { run, messages } = request
  const policy = request.toolPolicy ?? DEFAULT_TOOL_POLICY
  const steps: Step[] = []
  let source = { index: request.startIndex, handler: request.firstHandler }
  for (let turn = 1; ; turn++) {
    const call = await callModel(run, {
      role: request.role,
      worker: request.worker,
      model: request.model,
      retry: request.retry,
      system: request.system,
      messages,
      tools: request.tools,
      sourceIndex: source.index,
      handler: source.handler,
      attempt: request.attempt,
      turn,
    })
    messages.push(...call.responseMessages)
    if (call.toolCalls.length === 0)
      return { status: 'final', text: call.text, turns: turn, lastModelIndex: call.index, steps }
    if (turn >= request.maxTurns)
      return { status: 'out_of_turns', text: call.text, turns: turn, lastModelIndex: call.index, steps }
    for (const toolCall of call.toolCalls) {
      run.throwIfCancelled()
      const delegated = await request.delegate?.(toolCall.toolName, toolCall.input, call.index)
      let output: unknown
      let isError = false
      let modelText: string | undefined
      if (delegated) {
        output = delegated.output
        source = { index: delegated.index, handler: request.handler }
      } else {
        const calledIndex = await run.emit('agent.tool_called', via(call.index, request.handler), {
          attempt: request.attempt,
          turn,
          toolCallId: toolCall.toolCallId,
          toolName: toolCall.toolName,
          input: boundedInput(toolCall.input),
          ...(request.worker && { worker: request.worker }),
        })
        const outcome = await runOneTool(request, toolCall, messages, policy)
        const returnedIndex = await run.emit('agent.tool_returned', via(calledIndex, HANDLERS.tools), {
          attempt: request.attempt,
          turn,
          toolCallId: toolCall.toolCallId,
          toolName: toolCall.toolName,
          output: outcome.text,
          isError: outcome.isError,
          ...(outcome.error !== undefined && { error: outcome.error }),
          durationMs: outcome.durationMs,
          ...(outcome.truncated && { truncated: true, outputChars: outcome.totalChars }),
          ...(request.worker && { worker: request.worker }),
        })
        run.throwIfCancelled()
        source = { index: returnedIndex, handler: request.handler }
        output = outcome.isError ? (outcome.error ?? outcome.text) : outcome.text
        isError = outcome.isError
        modelText = toolResultForModel(toolCall.toolName, outcome)
      }
      steps.push({ name: toolCall.toolName, input: toolCall.input, output, ...(isError && { isError }) })
      const value =
        modelText !== undefined
          ? { type: 'text' as const, value: modelText }
          : typeof output === 'string'
            ? { type: 'text' as const, value: output }
            : { type: 'json' as const, value: (output ?? null) as never }
      messages.push({
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: toolCall.toolCallId,
            toolName: toolCall.toolName,
            output: isError ? { type: 'error-text', value: modelText ?? String(output) } : value,
          },
        ],
      })
    }
  }
}

function boundedInput(input: unknown): unknown {
  const text = renderValue(input, Number.MAX_SAFE_INTEGER)
  return text.length <= MAX_TOOL_INPUT_CHARS ? input : renderValue(input, MAX_TOOL_INPUT_CHARS)
}

/** Runs one call unless the tool is withheld or the attempt has used its calls; a refused call is an error the agent reads. */
async function runOneTool(
  request: ToolLoopRequest,
  toolCall: { toolName: string; input: unknown; toolCallId: string },
  messages: ModelMessage[],
  policy: ToolPolicy,
): Promise<ToolOutcome> {
  const { run } = request
  const withheld = withheldToolError(policy, toolCall.toolName)
  const refusal =
    withheld ??
    (run.countToolCall(request.attempt) > policy.maxCallsPerAttempt
      ? `tool call limit reached: at most ${policy.maxCallsPerAttempt} tool calls per attempt; answer with what you have`
      : undefined)
  if (refusal !== undefined) {
    const error = refusal
    return {
      output: error,
      isError: true,
      error,
      durationMs: 0,
      text: error,
      truncated: false,
      totalChars: error.length,
    }
  }
  return executeTool(
    request.tools,
    { name: toolCall.toolName, input: toolCall.input, toolCallId: toolCall.toolCallId },
    {
      messages,
      signal: run.signal,
      timeoutMs: policy.timeoutMs,
      maxResultChars: policy.maxResultChars,
      now: () => run.now(),
    },
  )
}
