/**
 * The attempt story's facts, each with the position it rests on: evaluations, lessons recalled,
 * produced and stored, outputs, tool calls and results, model calls and their usage. Fields are
 * read by meaning (`payload-fields`), so renamed or extra fields do not break them.
 */
import type { LogReader } from './log-reader'
import { numberField, OUTPUT_FIELDS, pickField, textField, TOOL_NAME_FIELDS, valueText } from './payload-fields'
import type { EventFacts } from './tool-output'

/** Anything located in the log and in an attempt. */
export type Located = { position: number; attempt: number | null; at: string | null }

/** An evaluator's verdict on one attempt. */
export type Evaluation = Located & {
  score: number | null
  threshold: number | null
  passed: boolean | null
  feedback: string | null
  reason: string | null
}

/** Lessons put in front of an attempt. */
export type Recall = Located & { lessons: string[] | null; mode: string | null }
/** A lesson written (produced) or stored (persisted). */
export type LessonWritten = Located & { lesson: string; stored: boolean; duplicate: boolean | null }
/** An attempt's output. */
export type Output = Located & { text: string }
/** A tool call or result. */
export type ToolEvent = Located & { tool: string; value: string | null; isError: boolean; kind: 'call' | 'result' }
/** A model call: role, model, tokens, latency and cost (when recorded). */
export type ModelCall = Located & {
  role: string
  model: string | null
  inputTokens: number
  outputTokens: number
  latencyMs: number | null
  costUsd: number | null
  failed: boolean
  text: string | null
}

const located = (reader: LogReader, facts: EventFacts): Located => ({
  position: facts.position,
  attempt: reader.attemptOf(facts),
  at: facts.at ?? null,
})

/** Every `reflexion.evaluated`. */
export function evaluations(reader: LogReader): Evaluation[] {
  return reader.events('reflexion.evaluated').map((facts) => ({
    ...located(reader, facts),
    score: numberField(facts.fields, ['score', 'value']),
    threshold: numberField(facts.fields, ['threshold', 'passAt']),
    passed: typeof facts.fields.passed === 'boolean' ? facts.fields.passed : null,
    feedback: textField(facts.fields, ['feedback', 'critique', 'comment', 'explanation']),
    reason: textField(facts.fields, ['reason']),
  }))
}

function lessonText(value: unknown): string {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const text = textField(value as Record<string, unknown>, ['content', 'lesson', 'text'])
    if (text) return text
  }
  return valueText(value)
}

/** Every `reflexion.lessons_recalled`. */
export function recalls(reader: LogReader): Recall[] {
  return reader.events('reflexion.lessons_recalled').map((facts) => {
    const lessons = pickField(facts.fields, ['lessons', 'recalled', 'items'])?.value
    return {
      ...located(reader, facts),
      lessons: Array.isArray(lessons) ? lessons.map(lessonText) : null,
      mode: textField(facts.fields, ['mode']),
    }
  })
}

/** Every lesson produced, with whether (and where) it was stored. */
export function lessonsWritten(reader: LogReader): LessonWritten[] {
  const persisted = reader.events('reflexion.lesson_persisted')
  return reader.events('reflexion.lesson_produced').map((facts) => {
    const lesson = lessonText(pickField(facts.fields, ['lesson', 'content', 'text'])?.value ?? '')
    const stored = persisted.find((candidate) => lessonText(candidate.fields.lesson ?? '') === lesson)
    return {
      ...located(reader, facts),
      lesson,
      stored: Boolean(stored),
      duplicate: typeof stored?.fields.duplicate === 'boolean' ? stored.fields.duplicate : null,
    }
  })
}

/** Every attempt's output (`agent.output_produced`). */
export function outputs(reader: LogReader): Output[] {
  return reader.events('agent.output_produced').map((facts) => ({
    ...located(reader, facts),
    text: textField(facts.fields, OUTPUT_FIELDS) ?? '',
  }))
}

const TOOL_CALL = /tool|function|mcp/i
const isToolCallType = (type: string) =>
  TOOL_CALL.test(type) && /call(ed)?$|invok|request|start/i.test(type) && !/return|result|fail|error/i.test(type)
const isToolResultType = (type: string) => TOOL_CALL.test(type) && /return|result|respon|fail|error|finish/i.test(type)

/** Tool calls and results, from any event type that names a tool call or result. */
export function toolEvents(reader: LogReader): ToolEvent[] {
  const types = reader.types().filter((type) => isToolCallType(type) || isToolResultType(type))
  return types
    .flatMap((type) =>
      reader.events(type, 60).map((facts): ToolEvent => {
        const kind = isToolCallType(type) ? 'call' : 'result'
        const failed =
          facts.fields.isError === true ||
          facts.fields.failed === true ||
          facts.fields.ok === false ||
          /fail|error/i.test(type)
        // A failed result says best why in its error field; a good one in its output.
        const value =
          kind === 'call'
            ? textField(facts.fields, ['input', 'args', 'arguments', 'parameters', 'query'])
            : textField(
                facts.fields,
                failed ? ['error', 'message', ...OUTPUT_FIELDS] : [...OUTPUT_FIELDS, 'error', 'message'],
              )
        return {
          ...located(reader, facts),
          tool: textField(facts.fields, TOOL_NAME_FIELDS) ?? 'a tool',
          value,
          isError: failed,
          kind,
        }
      }),
    )
    .sort((left, right) => left.position - right.position)
}

/** Which model calls to read: by role and attempt (screened on the listing line first), the last `last` only. */
export type ModelCallFilter = { role?: string | null; attempts?: number[] | null; last?: number }

/** `agent.model_called` events (at most 500), with usage read from `usage.inputTokens` or flat fields. */
export function modelCalls(reader: LogReader, filter: ModelCallFilter = {}): ModelCall[] {
  const type = 'agent.model_called'
  let positions = reader.positions(type).filter((position) => {
    const line = reader.line(type, position)
    const role = /\brole='([^']*)'/.exec(line)?.[1]
    const attempt = /\battempt=(\d+)/.exec(line)?.[1]
    if (filter.role && role !== undefined && role !== filter.role) return false
    if (filter.attempts?.length && attempt !== undefined && !filter.attempts.includes(Number(attempt))) return false
    return true
  })
  positions = filter.last ? positions.slice(-filter.last) : positions.slice(0, 500)
  return positions
    .flatMap((position) => reader.event(position) ?? [])
    .map((facts) => {
      const usage = (facts.fields.usage && typeof facts.fields.usage === 'object' ? facts.fields.usage : {}) as Record<
        string,
        unknown
      >
      const tokens = (names: string[]) => numberField(usage, names) ?? numberField(facts.fields, names) ?? 0
      return {
        ...located(reader, facts),
        role: textField(facts.fields, ['role']) ?? 'unknown',
        model: textField(facts.fields, ['model', 'modelId']),
        inputTokens: tokens(['inputTokens', 'promptTokens', 'input']),
        outputTokens: tokens(['outputTokens', 'completionTokens', 'output']),
        latencyMs: numberField(facts.fields, ['latencyMs', 'durationMs', 'elapsedMs', 'latency']),
        costUsd: numberField(facts.fields, ['costUsd', 'cost']) ?? numberField(usage, ['costUsd', 'cost']),
        failed: facts.fields.failed === true || facts.fields.finishReason === 'error',
        text: textField(facts.fields, ['text', 'output', 'reply']),
      }
    })
}
