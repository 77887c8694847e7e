/**
 * What a model call was sent, as a bounded, redacted trace for `agent.model_called`: the system
 * text (instructions, lessons as inserted) and each message (the task, tool calls and their results)
 * as plain text. Secrets are masked by the run's scrubber when the event is written, and by the
 * secret patterns here (credentials in URLs, API keys, tokens); e-mail addresses stay, as in the task.
 */
import type { ModelMessage } from 'ai'
import { createRedactor } from '../reflection/redact'
import { bound, renderValue } from './prompts'

/** The most characters kept of one message, and of a whole trace. */
export const MAX_TRACE_MESSAGE_CHARS = 4_000
export const MAX_TRACE_CHARS = 16_000

/** One message as sent: its role and its content as text. */
export type TracedMessage = { role: string; content: string }
/** A model call's prompt, bounded: `omitted` counts messages left out of the middle. */
export type ModelTrace = { system: string; messages: TracedMessage[]; omitted?: number }

const secrets = createRedactor({ secrets: true, emails: false })

function partText(part: unknown): string {
  if (typeof part === 'string') return part
  if (!part || typeof part !== 'object') return ''
  const record = part as Record<string, unknown>
  switch (record.type) {
    case 'text':
    case 'reasoning':
      return String(record.text ?? '')
    case 'tool-call':
      return `[tool call ${String(record.toolName)}] ${renderValue(record.input, 1_000)}`
    case 'tool-result': {
      const output = record.output as { value?: unknown } | undefined
      return `[tool result ${String(record.toolName)}] ${renderValue(output?.value ?? output, 2_000)}`
    }
    default:
      return `[${String(record.type)}]`
  }
}

/** Text of one message (string content, or its parts joined). */
export function messageText(message: ModelMessage): string {
  const content = message.content as unknown
  return Array.isArray(content) ? content.map(partText).join('\n') : partText(content)
}

const clean = (text: string, limit: number) => secrets.redactText(bound(text, limit))

/** The trace of one call: every message bounded; over the total bound, the first and the latest messages are kept. */
export function traceOf(system: string, messages: readonly ModelMessage[]): ModelTrace {
  const traced = messages.map((message) => ({
    role: message.role,
    content: clean(messageText(message), MAX_TRACE_MESSAGE_CHARS),
  }))
  let budget = MAX_TRACE_CHARS - Math.min(system.length, MAX_TRACE_MESSAGE_CHARS)
  const kept: TracedMessage[] = []
  // Keep the first message (the task), then the newest ones that fit.
  const [first, ...rest] = traced
  if (first) {
    kept.push(first)
    budget -= first.content.length
  }
  const tail: TracedMessage[] = []
  for (let position = rest.length - 1; position >= 0 && budget > 0; position--) {
    if (rest[position].content.length > budget) break
    tail.unshift(rest[position])
    budget -= rest[position].content.length
  }
  const omitted = rest.length - tail.length
  return {
    system: clean(system, MAX_TRACE_MESSAGE_CHARS),
    messages: [...kept, ...tail],
    ...(omitted > 0 && { omitted }),
  }
}
