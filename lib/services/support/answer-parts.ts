/**
 * One support answer as a sequence of chat parts: with a model, the agent's streamed text (its
 * citations checked against the log) and the query_log calls it made; without one (or when the
 * model fails), the offline agent's answer to the question asked, labelled as such. Event contents
 * never change which path runs. `showWork: false` (members) leaves the query_log calls out.
 */
import type { LanguageModel } from 'ai'
import type { Reflection } from '../../core/reflection'
import { answerQuestionOffline } from './answer-question'
import { MAX_SHOWN_TOOL_RESULT_CHARS, type SupportChatPart } from './chat-parts'
import { citationFilter } from './citation-check'
import { streamSupportAnswer } from './support-agent'

/** The label of the deterministic path, shown with its answers. */
export const OFFLINE_DIAGNOSIS_LABEL = 'offline agent'

/** What the browser is told about an offline answer. */
export const OFFLINE_NOTICE =
  'Answered by the offline agent: no model is configured, so a deterministic agent read this run’s log and cites each event it used.'

/** What an answer needs: the run's Reflection, the question (and earlier ones) and, when configured, a model. */
export type SupportAnswerOptions = {
  reflection: Reflection
  question: string
  /** Earlier questions of the conversation, oldest first (follow-ups such as "and on attempt 3?"). */
  history?: readonly string[]
  /** The tenant's model; null = no provider configured, answer with the offline agent. */
  model: LanguageModel | null
  /** Shown with model answers (e.g. the model string). */
  modelLabel?: string
  maxSteps?: number
  /** Whether the query_log calls are sent (support staff) or left out (members). Default true. */
  showWork?: boolean
  /** Display names of user ids the answer may mention. */
  names?: ReadonlyMap<string, string>
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

/** The offline agent's answer as chat parts: the whole text at once, then (for support) its query_log calls. */
export function* offlineParts(options: SupportAnswerOptions): Generator<SupportChatPart> {
  const { answer, toolCalls } = answerQuestionOffline(options.reflection, options.question, {
    history: options.history,
    names: options.names,
  })
  yield { type: 'text', delta: answer }
  if (options.showWork !== false)
    for (const call of toolCalls) yield { type: 'tool-call', args: call.args, result: bounded(call.result) }
}

type StreamPart = { type: string; text?: string; input?: unknown; output?: unknown; error?: unknown }

async function* modelParts(model: LanguageModel, options: SupportAnswerOptions): AsyncGenerator<SupportChatPart> {
  const result = streamSupportAnswer({
    model,
    reflection: options.reflection,
    question: options.question,
    history: options.history,
    maxSteps: options.maxSteps,
  })
  const citations = citationFilter(options.reflection.events.length)
  const stream = result.stream as unknown as AsyncIterable<StreamPart>
  for await (const part of stream) {
    if (part.type === 'text-delta') {
      const text = citations.push(part.text ?? '')
      if (text) yield { type: 'text', delta: text }
    } else if (part.type === 'tool-result' && options.showWork !== false)
      yield { type: 'tool-call', args: part.input, result: bounded(String(part.output)) }
    else if (part.type === 'error') throw part.error
  }
  const rest = citations.end()
  if (rest) yield { type: 'text', delta: rest }
}

/** Every part of one answer, from `start` to `done`; a failing model falls back to the offline agent. */
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
        reason: 'The model did not answer; here is the offline agent’s answer instead.',
        label: OFFLINE_DIAGNOSIS_LABEL,
      }
    }
  } else {
    yield { type: 'start', mode: 'offline', label: OFFLINE_DIAGNOSIS_LABEL }
  }
  yield* offlineParts(options)
  yield { type: 'done' }
}
