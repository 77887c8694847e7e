/**
 * The model-driven support agent: a model with the query_log tool answers a question about one
 * run. `streamSupportAnswer` streams (for a route); `answerSupportQuestion` waits (tests, CLI).
 */
import { generateText, type LanguageModel, stepCountIs, streamText } from 'ai'
import { type QueryTool, type Reflection, toAiSdkTool } from '../../core/reflection'
import { checkCitations, markInvalidCitations } from './citation-check'
import type { ToolCallRecord } from './recording-tool'
import { supportSystemPrompt } from './support-prompt'

/** What both entry points take. */
export type SupportQuestion = {
  model: LanguageModel
  reflection: Reflection
  question: string
  /** Earlier questions of the conversation, oldest first. */
  history?: readonly string[]
  /** The most model steps (each may call the tool); default 8. */
  maxSteps?: number
  /** Called after each query_log call with its arguments and answer. */
  onToolCall?: (call: ToolCallRecord) => void
}

function supportCall({ model, reflection, question, history = [], maxSteps = 8, onToolCall }: SupportQuestion) {
  const queryTool = reflection.tool()
  const observed: QueryTool = {
    ...queryTool,
    run(args) {
      const result = queryTool.run(args)
      onToolCall?.({ args: typeof args === 'string' ? { op: args } : args, result })
      return result
    },
  }
  return {
    model,
    instructions: supportSystemPrompt(reflection),
    messages: [
      ...(history.length
        ? [
            {
              role: 'user' as const,
              content: `Earlier questions in this conversation:\n${history.map((earlier) => `- ${earlier}`).join('\n')}`,
            },
          ]
        : []),
      { role: 'user' as const, content: question },
    ],
    tools: { query_log: toAiSdkTool(observed) },
    stopWhen: stepCountIs(maxSteps),
  }
}

/** Streams the agent's answer; return the result from a route (e.g. `toUIMessageStreamResponse()`). */
export function streamSupportAnswer(options: SupportQuestion) {
  return streamText(supportCall(options))
}

/** Answers and waits: the final text (citations of missing events marked), every query_log call made, and those citations. */
export async function answerSupportQuestion(
  options: SupportQuestion,
): Promise<{ text: string; toolCalls: ToolCallRecord[]; invalidCitations: number[] }> {
  const toolCalls: ToolCallRecord[] = []
  const result = await generateText(
    supportCall({
      ...options,
      onToolCall: (call) => {
        toolCalls.push(call)
        options.onToolCall?.(call)
      },
    }),
  )
  const total = options.reflection.events.length
  return {
    text: markInvalidCitations(result.text, total),
    toolCalls,
    invalidCitations: checkCitations(result.text, total).invalid,
  }
}
