/**
 * One support answer as a sequence of chat parts: with a model, the agent's streamed text and the
 * query_log calls it made; without one (or when the model fails), the offline diagnosis, streamed
 * the same way and labelled as such. Event contents never change which path runs.
 */
import type { LanguageModel } from 'ai'
import type { Reflection } from '../reflection'
import { MAX_SHOWN_TOOL_RESULT_CHARS, type SupportChatPart } from './chat-parts'
import { diagnoseRun } from './diagnose-run'
import { streamSupportAnswer } from './support-agent'

/** The label of the deterministic path, shown with its answers. */
export const OFFLINE_DIAGNOSIS_LABEL = 'offline diagnosis'

/** What an answer needs: the run's Reflection, the question and, when configured, a model. */
export type SupportAnswerOptions = {
  reflection: Reflection
  question: string
  /** The tenant's model; null = no provider configured, answer with the offline diagnosis. */
  model: LanguageModel | null
  /** Shown with model answers (e.g. the model string). */
  modelLabel?: string
  maxSteps?: number
  /** Called with the model's failure before falling back (for server logs; never sent to the browser). */
  onModelError?: (error: unknown) => void
}

const bounded = (text: string) =>
  text.length > MAX_SHOWN_TOOL_RESULT_CHARS
    ? `${text.slice(0, MAX_SHOWN_TOOL_RESULT_CHARS)}… (+${text.length - MAX_SHOWN_TOOL_RESULT_CHARS} chars)`
    : text

/** Splits an answer into stream-sized pieces (whole words, lines kept). */
export function answerChunks(answer: string, size = 48): string[] {
  return answer.match(new RegExp(`[^\\n]{1,${size}}(?:\\s+|$)|\\n`, 'g')) ?? [answer]
}

/** The offline diagnosis as chat parts: its query_log calls, then the answer in pieces. */
export function* offlineParts(reflection: Reflection): Generator<SupportChatPart> {
  const { answer, toolCalls } = diagnoseRun(reflection)
  for (const call of toolCalls) yield { type: 'tool-call', args: call.args, result: bounded(call.result) }
  for (const delta of answerChunks(answer)) yield { type: 'text', delta }
}

type StreamPart = { type: string; text?: string; input?: unknown; output?: unknown; error?: unknown }

async function* modelParts(model: LanguageModel, options: SupportAnswerOptions): AsyncGenerator<SupportChatPart> {
  const result = streamSupportAnswer({
    model,
    reflection: options.reflection,
    question: options.question,
    maxSteps: options.maxSteps,
  })
  const stream = result.stream as unknown as AsyncIterable<StreamPart>
  for await (const part of stream) {
    if (part.type === 'text-delta') yield { type: 'text', delta: part.text ?? '' }
    else if (part.type === 'tool-result')
      yield { type: 'tool-call', args: part.input, result: bounded(String(part.output)) }
    else if (part.type === 'error') throw part.error
  }
}

/** Every part of one answer, from `start` to `done`; a failing model falls back to the offline diagnosis. */
export async function* supportAnswerParts(options: SupportAnswerOptions): AsyncGenerator<SupportChatPart> {
  if (options.model) {
    yield { type: 'start', mode: 'model', label: `support agent (${options.modelLabel ?? 'model'})` }
    try {
      yield* modelParts(options.model, options)
      yield { type: 'done' }
      return
    } catch (error) {
      options.onModelError?.(error)
      yield {
        type: 'fallback',
        reason: 'The model did not answer; here is the offline diagnosis instead.',
        label: OFFLINE_DIAGNOSIS_LABEL,
      }
    }
  } else {
    yield { type: 'start', mode: 'offline', label: OFFLINE_DIAGNOSIS_LABEL }
  }
  yield* offlineParts(options.reflection)
  yield { type: 'done' }
}
