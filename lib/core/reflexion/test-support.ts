/**
 * Test support (not exported from the barrel): scripted mock models and log checks shared by the
 * engine's unit tests and the examples.
 */
import type { LanguageModelV4CallOptions, LanguageModelV4GenerateResult } from '@ai-sdk/provider'
import { MockLanguageModelV4 } from 'ai/test'
import type { EngineEvent } from '../events/event'

/** Provider-spec v4 usage for a mock result. */
export function mockUsage(inputTokens = 10, outputTokens = 5): LanguageModelV4GenerateResult['usage'] {
  return {
    inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: outputTokens, text: outputTokens, reasoning: 0 },
  }
}

/** A final text reply. */
export function textReply(text: string, inputTokens = 10, outputTokens = 5): LanguageModelV4GenerateResult {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: mockUsage(inputTokens, outputTokens),
    warnings: [],
  }
}

/** A reply asking for one tool call. */
export function toolCallReply(
  toolName: string,
  input: unknown,
  toolCallId = `call-${toolName}-${Math.random().toString(36).slice(2, 8)}`,
): LanguageModelV4GenerateResult {
  return {
    content: [{ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) }],
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage: mockUsage(),
    warnings: [],
  }
}

/** One scripted step: a result, an error to throw, or a function of the call. */
export type ScriptStep =
  | LanguageModelV4GenerateResult
  | Error
  | ((options: LanguageModelV4CallOptions) => LanguageModelV4GenerateResult | Promise<LanguageModelV4GenerateResult>)

/** A mock model that answers each call with the next scripted step and fails loudly when the script runs out. */
export function scriptedModel(
  steps: ScriptStep[],
  options: { provider?: string; modelId?: string } = {},
): MockLanguageModelV4 {
  let position = 0
  return new MockLanguageModelV4({
    provider: options.provider ?? 'mock-provider',
    modelId: options.modelId ?? 'mock-model-id',
    doGenerate: async (callOptions) => {
      const step = steps[position++]
      if (step === undefined) throw new Error(`scripted model: no reply left for call ${position}`)
      if (step instanceof Error) throw step
      return typeof step === 'function' ? step(callOptions) : step
    },
  })
}

/** The whole prompt of a model call (system and every message) as plain text, for assertions. */
export function promptText(call: LanguageModelV4CallOptions): string {
  return call.prompt
    .map((message) => {
      if (typeof message.content === 'string') return `[${message.role}] ${message.content}`
      return `[${message.role}] ${message.content.map((part) => ('text' in part ? part.text : JSON.stringify(part))).join(' ')}`
    })
    .join('\n')
}

/** Problems with a log: indices not 0..n-1 (from `first`), or a handler cause not pointing at an earlier event. */
export function logProblems(events: EngineEvent[], first = 0): string[] {
  const problems: string[] = []
  events.forEach((event, position) => {
    if (event.index !== first + position) problems.push(`#${event.index} at position ${position}`)
    if (event.cause.kind === 'handler' && !(event.cause.index < event.index && event.cause.index >= 0))
      problems.push(`#${event.index} cause points at #${event.cause.index}`)
  })
  return problems
}

/** The types of a log, in order. */
export function typesOf(events: EngineEvent[]): string[] {
  return events.map((event) => event.type)
}
