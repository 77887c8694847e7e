import type { LanguageModelV4 } from '@ai-sdk/provider'
import type { ModelMessage, ToolSet } from 'ai'
import { via } from '../events/cause'
import { HANDLERS } from '../events/vocabulary'
import type { Step } from './architecture'
import { callModel } from './model-call'
import { renderValue } from './prompts'
import { safeErrorMessage } from './redact'
import type { RunContext } from './run-context'
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
}

/** How the loop ended; `lastModelIndex` is the last agent.model_called. */
export type ToolLoopResult = {
  status: 'final' | 'out_of_turns'
  text: string
  turns: number
  lastModelIndex: number
  steps: Step[]
}

async function executeTool(
  tools: ToolSet,
  name: string,
  input: unknown,
  toolCallId: string,
  messages: ModelMessage[],
  signal?: AbortSignal,
): Promise<{ output: unknown; isError: boolean }> {
  const definition = tools[name]
  if (!definition?.execute)
    return { output: `unknown tool '${name}'; available: ${Object.keys(tools).join(', ')}`, isError: true }
  try {
    let output: unknown = await definition.execute(
      input as never,
      { toolCallId, messages, abortSignal: signal, context: {} } as never,
    )
    if (output && typeof output === 'object' && Symbol.asyncIterator in output) {
      for await (const part of output as AsyncIterable<unknown>) output = part
    }
    return { output, isError: false }
  } catch (error) {
    return { output: safeErrorMessage(error), isError: true }
  }
}

/** Runs the loop, emitting model_called / tool_called / tool_returned with their recorded causes. */
export async function runToolLoop(request: ToolLoopRequest): Promise<ToolLoopResult> {
  const { run, messages, tools } = request
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
      tools,
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
      if (delegated) {
        output = delegated.output
        source = { index: delegated.index, handler: request.handler }
      } else {
        const calledIndex = await run.emit('agent.tool_called', via(call.index, request.handler), {
          attempt: request.attempt,
          turn,
          toolCallId: toolCall.toolCallId,
          toolName: toolCall.toolName,
          input: toolCall.input,
          ...(request.worker && { worker: request.worker }),
        })
        ;({ output, isError } = await executeTool(
          tools,
          toolCall.toolName,
          toolCall.input,
          toolCall.toolCallId,
          messages,
          run.signal,
        ))
        const returnedIndex = await run.emit('agent.tool_returned', via(calledIndex, HANDLERS.tools), {
          attempt: request.attempt,
          turn,
          toolCallId: toolCall.toolCallId,
          toolName: toolCall.toolName,
          output: renderValue(output, 2000),
          isError,
          ...(request.worker && { worker: request.worker }),
        })
        source = { index: returnedIndex, handler: request.handler }
      }
      steps.push({ name: toolCall.toolName, input: toolCall.input, output, ...(isError && { isError }) })
      const value =
        typeof output === 'string'
          ? { type: 'text' as const, value: output }
          : { type: 'json' as const, value: (output ?? null) as never }
      messages.push({
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: toolCall.toolCallId,
            toolName: toolCall.toolName,
            output: isError ? { type: 'error-text', value: String(output) } : value,
          },
        ],
      })
    }
  }
}
