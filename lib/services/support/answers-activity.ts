/**
 * Answers about what happened inside the attempts: tool calls and what came back, errors and other
 * anomalies, tokens/cost/time per attempt and per role, what a model call was sent, and any event
 * type the question names (including types nobody has seen before).
 */
import { isEventType } from '../../core/events'
import { estimateCostUsd } from '../../adapters/models/pricing'
import { type AnswerContext, missingAttemptsSentence, resolveAttempts } from './answer-context'
import { anomalyClause, findAnomalies } from './find-anomalies'
import { say } from './language'
import { describePayload, formatNumber, quote } from './payload-fields'
import { type ModelCall, modelCalls, toolEvents } from './run-facts'

const scope = (context: AnswerContext) => {
  const { present, missing } = resolveAttempts(context)
  return {
    present,
    missing,
    inScope: (attempt: number | null) => present.length === 0 || (attempt !== null && present.includes(attempt)),
  }
}

/** A call's input as written: JSON arguments shown as they are (bounded), other text quoted. */
function inputText(value: string, limit = 160): string {
  const text = value.replace(/\s+/g, ' ').trim()
  if (!/^[[{]/.test(text)) return quote(text, limit)
  return text.length > limit ? `${text.slice(0, limit)}…` : text
}

/** Which tools were called (with their input) and what came back, per attempt; a named tool only, when one is named. */
export function answerTools(context: AnswerContext): string {
  const { reader, language, question } = context
  const { missing, inScope } = scope(context)
  const events = toolEvents(reader).filter((event) => inScope(event.attempt))
  const named = [...new Set(events.map((event) => event.tool))].filter((tool) =>
    question.toLowerCase().includes(tool.toLowerCase()),
  )
  const shown = named.length ? events.filter((event) => named.includes(event.tool)) : events
  const calls = shown.filter((event) => event.kind === 'call')
  const lines: string[] = []
  if (shown.length === 0)
    lines.push(
      say(
        language,
        'No tool was called (the log holds no tool call events).',
        '没有调用任何工具（日志中没有工具调用事件）。',
      ),
    )
  else {
    const tally = new Map<string, number>()
    for (const call of calls) tally.set(call.tool, (tally.get(call.tool) ?? 0) + 1)
    if (tally.size)
      lines.push(
        say(
          language,
          `Tools called: ${[...tally].map(([tool, count]) => `${quote(tool)} ×${count}`).join(', ')}.`,
          `调用的工具：${[...tally].map(([tool, count]) => `${quote(tool)} ×${count}`).join('，')}。`,
        ),
      )
    const failures = shown.filter((event) => event.kind === 'result' && event.isError)
    if (failures.length)
      lines.push(
        say(
          language,
          `Failed: ${failures.map((event) => `${quote(event.tool)}${event.attempt !== null ? ` on attempt ${event.attempt}` : ''} with ${quote(event.value ?? '', 160)} (#${event.position})`).join('; ')}.`,
          `失败的调用：${failures.map((event) => `${quote(event.tool)}${event.attempt !== null ? `（第 ${event.attempt} 次）` : ''}出错 ${quote(event.value ?? '', 160)}（#${event.position}）`).join('；')}。`,
        ),
      )
    for (const event of shown.slice(0, 12)) {
      const attempt =
        event.attempt !== null ? say(language, `attempt ${event.attempt}: `, `第 ${event.attempt} 次：`) : ''
      lines.push(
        event.kind === 'call'
          ? `- ${attempt}${quote(event.tool)} ${say(language, 'called with', '输入')} ${inputText(event.value ?? '')} (#${event.position})`
          : `- ${attempt}${quote(event.tool)} ${event.isError ? say(language, 'failed with', '出错') : say(language, 'returned', '返回')} ${quote(event.value ?? '', 200)} (#${event.position})`,
      )
    }
    if (shown.length > 12)
      lines.push(say(language, `… ${shown.length - 12} more tool events.`, `… 另有 ${shown.length - 12} 个工具事件。`))
  }
  const gap = missingAttemptsSentence(context, missing)
  return [...lines, ...(gap ? [gap] : [])].join('\n')
}

/** Every error and other anomaly in the log (or in the attempts named). */
export function answerErrors(context: AnswerContext): string {
  const { reader, language } = context
  const { missing, inScope } = scope(context)
  const anomalies = findAnomalies(reader).filter((anomaly) => inScope(anomaly.attempt) || anomaly.attempt === null)
  const lines = anomalies.slice(0, 12).map((anomaly) => `- ${anomaly.category}: ${anomalyClause(anomaly)}`)
  if (anomalies.length > 12)
    lines.push(say(language, `… ${anomalies.length - 12} more.`, `… 另有 ${anomalies.length - 12} 个。`))
  const types = reader.types().length
  const head =
    anomalies.length === 0
      ? say(
          language,
          `No error or other anomaly is recorded (all ${reader.overview().total} events of ${types} types checked).`,
          `日志中没有错误或异常（检查了 ${types} 种类型共 ${reader.overview().total} 个事件）。`,
        )
      : say(
          language,
          `${anomalies.length} error${anomalies.length === 1 ? '' : 's'} or anomal${anomalies.length === 1 ? 'y' : 'ies'}:`,
          `共 ${anomalies.length} 个错误或异常：`,
        )
  const gap = missingAttemptsSentence(context, missing)
  return [head, ...lines, ...(gap ? [gap] : [])].join('\n')
}

function costOf(call: ModelCall): number | null {
  if (call.costUsd !== null) return call.costUsd
  const label = call.model ?? ''
  const colon = label.indexOf(':')
  if (colon <= 0) return null
  return estimateCostUsd(label.slice(0, colon), label.slice(colon + 1), {
    inputTokens: call.inputTokens,
    outputTokens: call.outputTokens,
  })
}

type Totals = {
  calls: number
  input: number
  output: number
  cost: number | null
  latency: number | null
  positions: number[]
}

function total(calls: ModelCall[]): Totals {
  return calls.reduce<Totals>(
    (sum, call) => {
      const cost = costOf(call)
      return {
        calls: sum.calls + 1,
        input: sum.input + call.inputTokens,
        output: sum.output + call.outputTokens,
        cost: sum.cost === null || cost === null ? null : sum.cost + cost,
        latency: call.latencyMs === null ? sum.latency : (sum.latency ?? 0) + call.latencyMs,
        positions: [...sum.positions, call.position],
      }
    },
    { calls: 0, input: 0, output: 0, cost: 0, latency: null, positions: [] },
  )
}

const money = (cost: number | null) =>
  cost === null ? 'unknown cost' : cost === 0 ? '$0' : `$${cost < 0.01 ? cost.toFixed(6) : cost.toFixed(4)}`
const cites = (positions: number[]) =>
  positions.length <= 3
    ? positions.map((position) => `#${position}`).join(', ')
    : `#${positions[0]}…#${positions[positions.length - 1]}`

/** Tokens, cost and time: in total, per role and per attempt (what the question asks for, or all three). */
export function answerUsage(context: AnswerContext): string {
  const { reader, language, question, slots } = context
  const { missing, inScope } = scope(context)
  const calls = modelCalls(reader).filter(
    (call) => inScope(call.attempt) && (slots.role === null || call.role === slots.role),
  )
  const text = question.toLowerCase()
  const wantsCost = /cost|price|\$|dollar|spend|spent|expensive|cheap|bill|费用|成本|花费|钱|价格|开销|贵/.test(text)
  const wantsTime = /time|long|duration|latenc|slow|fast|second|minute|took|耗时|时间|多久|延迟|慢|快/.test(text)
  const wantsTokens = /token|usage|令牌|用量|消耗/.test(text) || (!wantsCost && !wantsTime)
  const describe = (label: string, totals: Totals) =>
    [
      `${label}: ${totals.calls} call${totals.calls === 1 ? '' : 's'}`,
      wantsTokens ? `${totals.input} in + ${totals.output} out tokens` : null,
      wantsCost || wantsTokens ? money(totals.cost) : null,
      wantsTime && totals.latency !== null ? `${formatNumber(totals.latency / 1000)} s of model time` : null,
    ]
      .filter(Boolean)
      .join(', ') + ` (${cites(totals.positions)})`
  if (calls.length === 0) {
    const gap = missingAttemptsSentence(context, missing)
    return (
      gap ??
      say(
        language,
        'The log records no model call, so no tokens or cost.',
        '日志中没有模型调用，因此没有令牌或费用记录。',
      )
    )
  }
  if (wantsTime && !wantsTokens && !wantsCost && calls.every((call) => call.latencyMs === null)) {
    const gap = missingAttemptsSentence(context, missing)
    return [
      ...durationLines(context),
      say(language, 'The log records no per-call latency.', '日志没有记录每次调用的延迟。'),
      ...(gap ? [gap] : []),
    ].join('\n')
  }
  const lines = [describe(say(language, 'Total', '合计'), total(calls))]
  if (slots.breakdown !== 'attempt') {
    const roles = [...new Set(calls.map((call) => call.role))]
    if (roles.length > 1 || slots.breakdown === 'role')
      for (const role of roles) lines.push(`- ${describe(role, total(calls.filter((call) => call.role === role)))}`)
  }
  if (slots.breakdown !== 'role') {
    const attempts = [...new Set(calls.map((call) => call.attempt))].filter(
      (attempt): attempt is number => attempt !== null,
    )
    if (attempts.length > 1 || slots.breakdown === 'attempt')
      for (const attempt of attempts)
        lines.push(
          `- ${describe(say(language, `attempt ${attempt}`, `第 ${attempt} 次`), total(calls.filter((call) => call.attempt === attempt)))}`,
        )
  }
  if (wantsTime) lines.push(...durationLines(context))
  if (wantsCost && total(calls).cost === null)
    lines.push(
      say(
        language,
        "Some models have no known price, so the cost can't be computed from the log.",
        '部分模型没有已知价格，无法从日志计算费用。',
      ),
    )
  const gap = missingAttemptsSentence(context, missing)
  return [...lines, ...(gap ? [gap] : [])].join('\n')
}

function durationLines(context: AnswerContext): string[] {
  const { reader, language } = context
  const { inScope } = scope(context)
  const starts = reader.attemptStarts()
  const overview = reader.overview()
  const lastEvent = reader.event(overview.total - 1)
  const lines: string[] = []
  starts.forEach((start, order) => {
    if (!inScope(start.attempt)) return
    const begin = reader.event(start.position)?.at
    const endPosition = starts[order + 1]?.position ?? lastEvent?.position
    const end = endPosition !== undefined ? reader.event(endPosition)?.at : undefined
    if (!begin || !end) return
    const seconds = (Date.parse(end) - Date.parse(begin)) / 1000
    lines.push(
      say(
        language,
        `- attempt ${start.attempt} took ${formatNumber(seconds)} s (#${start.position} → #${endPosition})`,
        `- 第 ${start.attempt} 次耗时 ${formatNumber(seconds)} 秒 (#${start.position} → #${endPosition})`,
      ),
    )
  })
  const first = reader.event(0)
  if (first?.at && lastEvent?.at)
    lines.unshift(
      say(
        language,
        `The whole run took ${formatNumber((Date.parse(lastEvent.at) - Date.parse(first.at)) / 1000)} s (#0 → #${lastEvent.position}).`,
        `整个运行耗时 ${formatNumber((Date.parse(lastEvent.at) - Date.parse(first.at)) / 1000)} 秒 (#0 → #${lastEvent.position})。`,
      ),
    )
  return lines
}

/** What a model call was sent (its recorded prompt) and replied, for the role and attempt named. */
export function answerPrompt(context: AnswerContext): string {
  const { reader, language, slots } = context
  const { present, missing } = resolveAttempts(context)
  const calls = modelCalls(reader).filter(
    (call) =>
      (present.length === 0 || (call.attempt !== null && present.includes(call.attempt))) &&
      call.role === (slots.role ?? 'agent'),
  )
  const call = present.length ? calls[0] : calls[calls.length - 1]
  const gap = missingAttemptsSentence(context, missing)
  if (!call)
    return (
      gap ??
      say(
        language,
        `The log records no ${slots.role ?? 'agent'} model call.`,
        `日志中没有 ${slots.role ?? 'agent'} 的模型调用。`,
      )
    )
  const event = reader.event(call.position)
  const prompt = event?.fields.prompt ?? event?.fields.messages
  if (prompt === undefined)
    return say(
      language,
      "The log doesn't record what the model was sent (this run has no prompt traces).",
      '日志里没有记录模型收到的内容（这个运行没有提示追踪）。',
    )
  const messages = (Array.isArray(prompt) ? prompt : ((prompt as { messages?: unknown[] }).messages ?? [])) as {
    role?: string
    content?: unknown
  }[]
  const system = (prompt as { system?: unknown }).system
  const lines = [
    say(
      language,
      `The ${call.role} call of attempt ${call.attempt ?? '?'} (#${call.position}) was sent:`,
      `第 ${call.attempt ?? '?'} 次的 ${call.role} 调用 (#${call.position}) 收到：`,
    ),
    ...(system ? [`- system: ${quote(system, 400)}`] : []),
    ...messages.slice(0, 8).map((message) => `- ${message.role ?? '?'}: ${quote(message.content ?? '', 300)}`),
    say(
      language,
      `It replied ${quote(call.text ?? '', 300)} (#${call.position}).`,
      `它回复 ${quote(call.text ?? '', 300)} (#${call.position})。`,
    ),
  ]
  return lines.join('\n')
}

const STOP_WORDS = new Set([
  'what',
  'when',
  'with',
  'this',
  'that',
  'event',
  'events',
  'about',
  'show',
  'there',
  'have',
  'were',
  'does',
  'from',
  'agent',
  'reflexion',
  'called',
  'the',
])

/** The event types present in the log, outside the product's vocabulary, that the question names by a word of their name (e.g. "the webhook"). */
export function namedTypes(context: AnswerContext): string[] {
  const text = context.question.toLowerCase()
  const scored = context.reader
    .types()
    .filter((type) => !isEventType(type))
    .map((type) => {
      const words = type
        .toLowerCase()
        .split(/[._\-\s]+/)
        .filter((word) => word.length >= 4 && !STOP_WORDS.has(word))
      const hits = words.filter((word) => text.includes(word) || (word.length > 5 && text.includes(word.slice(0, -2))))
      return { type, hits: hits.length }
    })
  const best = Math.max(0, ...scored.map((entry) => entry.hits))
  return best === 0 ? [] : scored.filter((entry) => entry.hits === best).map((entry) => entry.type)
}

/** The events of the types a question names, with their fields. */
export function answerNamedEvents(context: AnswerContext, types: string[]): string {
  const { reader, language } = context
  const lines = types.flatMap((type) => {
    const events = reader.events(type, 5)
    const count = reader.positions(type).length
    return [
      say(language, `${type}: ${count} event${count === 1 ? '' : 's'}.`, `${type}：${count} 个事件。`),
      ...events.map(
        (event) =>
          `- #${event.position}${describePayload(event.fields, 5) ? ` ${describePayload(event.fields, 5)}` : ''}`,
      ),
      ...(count > events.length
        ? [say(language, `… ${count - events.length} more.`, `… 另有 ${count - events.length} 个。`)]
        : []),
    ]
  })
  return lines.join('\n')
}
