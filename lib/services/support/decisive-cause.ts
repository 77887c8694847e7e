/**
 * The decisive event of a run and its facts: the interruption walked back along its recorded
 * causes to the first thing that went wrong (a raised handler, a failed tool, the budget, a
 * guardrail, a cancellation, running out of turns), or, for a failed run, the threshold it missed.
 */
import type { Anomaly } from './find-anomalies'
import type { AnswerLanguage } from './language'
import { say } from './language'
import type { LogReader } from './log-reader'
import { describePayload, formatNumber, numberField, quote, textField } from './payload-fields'
import { evaluations, toolEvents } from './run-facts'
import type { EventFacts } from './tool-output'

/** The decisive event and the sentence that states it, with the positions it cites. */
export type DecisiveCause = { sentence: string; positions: number[] }

const INTERRUPTED = 'run.interrupted'
const MAX_CHAIN = 6

/** The recorded-cause chain behind an event, newest first, while each step is an anomaly. */
export function causeChain(reader: LogReader, start: number, anomalies: Anomaly[]): Anomaly[] {
  const byPosition = new Map(anomalies.map((anomaly) => [anomaly.position, anomaly]))
  const chain: Anomaly[] = []
  let position: number | null = start
  while (position !== null && chain.length < MAX_CHAIN) {
    const anomaly = byPosition.get(position)
    if (!anomaly) break
    chain.push(anomaly)
    const cause = reader.cause(position)
    position = cause.kind === 'handler' && cause.index < position ? cause.index : null
  }
  return chain
}

/** The tool story of an attempt: which tool it kept calling and what came back. */
export function toolStory(reader: LogReader, attempt: number | null, language: AnswerLanguage): string | null {
  const events = toolEvents(reader).filter((event) => attempt === null || event.attempt === attempt)
  const calls = events.filter((event) => event.kind === 'call')
  if (calls.length === 0) return null
  const counts = new Map<string, number[]>()
  for (const call of calls) counts.set(call.tool, [...(counts.get(call.tool) ?? []), call.position])
  const [tool, positions] = [...counts].sort((left, right) => right[1].length - left[1].length)[0]
  const results = events.filter((event) => event.kind === 'result' && event.tool === tool)
  const last = results[results.length - 1]
  const cited = positions
    .slice(0, 4)
    .map((position) => `#${position}`)
    .join(', ')
  const times =
    positions.length === 1
      ? say(language, 'once', '1 次')
      : say(language, `${positions.length}×`, `${positions.length} 次`)
  const returned = last
    ? say(
        language,
        ` and got ${last.isError ? 'an error: ' : ''}${quote(last.value ?? '', 120)} (#${last.position})`,
        `，得到${last.isError ? '错误：' : ''}${quote(last.value ?? '', 120)} (#${last.position})`,
      )
    : ''
  return say(
    language,
    `it ${positions.length === 1 ? 'called' : 'kept calling'} ${quote(tool)} (${times}: ${cited}${positions.length > 4 ? ', …' : ''})${returned}`,
    `它反复调用 ${quote(tool)}（${times}：${cited}${positions.length > 4 ? '，…' : ''}）${returned}`,
  )
}

function sourceOf(reader: LogReader, facts: EventFacts): string {
  const declared = numberField(facts.fields, ['sourceEvent', 'source_event', 'sourceIndex'])
  const recorded = /^#(\d+) via/.exec(facts.cause)
  const source = declared ?? (recorded ? Number(recorded[1]) : null)
  if (source === null || source === facts.position) return ''
  const event = reader.event(source)
  if (!event) return ''
  const described = describePayload(event.fields, 2)
  return ` while handling #${source} ${event.type}${described ? ` (${described})` : ''}`
}

function rootSentence(reader: LogReader, root: Anomaly, language: AnswerLanguage): string {
  const described = describePayload(root.facts.fields, 3)
  const base = `#${root.position} ${root.type}${described ? ` (${described})` : ''}`
  switch (root.category) {
    case 'cancellation':
      return say(
        language,
        `it was cancelled${root.actor ? ` by ${quote(root.actor)}` : ''} (${base})`,
        `运行被${root.actor ? ` ${quote(root.actor)} ` : ''}取消（${base}）`,
      )
    case 'out_of_turns': {
      const turns = numberField(root.facts.fields, ['turns', 'usedTurns'])
      const max = numberField(root.facts.fields, ['maxTurns', 'turnLimit'])
      const story = toolStory(reader, root.attempt, language)
      const limit = max !== null ? ` (${turns ?? max} of ${max} turns)` : ''
      return say(
        language,
        `attempt ${root.attempt ?? '?'} ran out of turns${limit} without an answer (#${root.position} ${root.type})${story ? `: ${story}` : ''}`,
        `第 ${root.attempt ?? '?'} 次尝试用完了轮次${max !== null ? `（${turns ?? max}/${max}）` : ''}仍未给出答案 (#${root.position} ${root.type})${story ? `：${story}` : ''}`,
      )
    }
    case 'budget':
      return say(language, `the budget ran out: ${base}${sourceOf(reader, root.facts)}`, `预算用完：${base}`)
    case 'guardrail':
      return say(language, `a guardrail refused it: ${base}${sourceOf(reader, root.facts)}`, `护栏拒绝了它：${base}`)
    default: {
      const handler = textField(root.facts.fields, ['handler', 'tool', 'toolName', 'component', 'source'])
      const message = root.message ? quote(root.message, 160) : null
      if (handler && message)
        return say(
          language,
          `${quote(handler)} failed with ${message} (#${root.position} ${root.type})${sourceOf(reader, root.facts)}`,
          `${quote(handler)} 出错：${message} (#${root.position} ${root.type})`,
        )
      return say(language, `${base}${sourceOf(reader, root.facts)}`, base)
    }
  }
}

function thresholdSentence(reader: LogReader, language: AnswerLanguage): DecisiveCause | null {
  const reached = reader.latest('reflexion.max_attempts_reached')
  const scored = evaluations(reader).filter((evaluation) => evaluation.score !== null)
  if (!reached && scored.length === 0) return null
  const best = scored.reduce<(typeof scored)[number] | null>(
    (top, evaluation) => (top === null || (evaluation.score ?? 0) > (top.score ?? 0) ? evaluation : top),
    null,
  )
  const bestScore = reached ? numberField(reached.fields, ['bestScore', 'score', 'best']) : null
  const threshold =
    (reached && numberField(reached.fields, ['threshold'])) ??
    scored.find((evaluation) => evaluation.threshold !== null)?.threshold ??
    null
  const attempts = (reached && numberField(reached.fields, ['attempts', 'maxAttempts'])) ?? scored.length
  const score = bestScore ?? best?.score ?? null
  const at = reached ? reached.position : (best?.position ?? 0)
  const bestAt = best && best.score === score ? `, attempt ${best.attempt ?? '?'} (#${best.position})` : ''
  return {
    sentence: say(
      language,
      `${attempts === 1 ? 'the only attempt did not reach' : `none of the ${attempts} attempts reached`} the threshold${threshold !== null ? ` ${formatNumber(threshold)}` : ''} — the best score was ${score !== null ? formatNumber(score) : 'not recorded'}${bestAt} (#${at}${reached ? ` ${reached.type}` : ''})`,
      `${attempts} 次尝试都没有达到阈值${threshold !== null ? ` ${formatNumber(threshold)}` : ''}——最高分 ${score !== null ? formatNumber(score) : '未记录'}${bestAt ? `，第 ${best?.attempt ?? '?'} 次 (#${best?.position})` : ''} (#${at})`,
    ),
    positions: [at],
  }
}

/** The decisive cause of how the run ended, or null when nothing decided it yet (running, queued). */
export function decisiveCause(reader: LogReader, anomalies: Anomaly[], language: AnswerLanguage): DecisiveCause | null {
  const interruptions = anomalies.filter((anomaly) => anomaly.type === INTERRUPTED)
  const interruption = interruptions[interruptions.length - 1]
  if (interruption) {
    const chain = causeChain(reader, interruption.position, anomalies)
    const root = chain[chain.length - 1]
    const reason = textField(interruption.facts.fields, ['reason'])
    const detail = textField(interruption.facts.fields, ['detail', 'message'])
    const stop = `#${interruption.position} ${interruption.type}${reason ? `, reason ${quote(reason)}` : ''}${detail && root === interruption ? `, ${quote(detail, 160)}` : ''}`
    if (root === interruption)
      return {
        sentence:
          interruption.category === 'cancellation'
            ? rootSentence(reader, interruption, language)
            : say(language, `the run was stopped (${stop})`, `运行被中止（${stop}）`),
        positions: [interruption.position],
      }
    const via = chain.length > 2 ? chain.slice(1, -1).map((step) => `#${step.position} ${step.type}`) : []
    return {
      sentence: say(
        language,
        `${rootSentence(reader, root, language)}, which stopped the run (${[...via, stop].join(' → ')})`,
        `${rootSentence(reader, root, language)}，运行因此中止（${[...via, stop].join(' → ')}）`,
      ),
      positions: chain.map((step) => step.position),
    }
  }
  const status = reader.overview().status
  if (status === 'failed') return thresholdSentence(reader, language)
  const failures = anomalies.filter((anomaly) => !['retry', 'warning'].includes(anomaly.category))
  if (failures.length > 0 && status !== 'succeeded') {
    const root = failures[0]
    return { sentence: rootSentence(reader, root, language), positions: [root.position] }
  }
  return null
}
