/**
 * The offline explanation of a run: anomalies first (the decisive one, then the others), then the
 * attempt story, in a few lines, each claim citing `#index`. Built from what the log holds through
 * query_log calls: a new event type or field is reported by the same general rules.
 */
import { decisiveCause } from './decisive-cause'
import { type Anomaly, anomalyClause, findAnomalies } from './find-anomalies'
import { type AnswerLanguage, say } from './language'
import type { LogReader } from './log-reader'
import { formatNumber, quote } from './payload-fields'
import { evaluations, lessonsWritten, outputs, recalls } from './run-facts'
import { statedLimit } from './stated-limits'

/** Attempts shown one per line before the rest are summarised. */
export const MAX_ATTEMPT_LINES = 4

const STATUS_WORDS: Record<string, [string, string]> = {
  succeeded: ['Succeeded', '成功'],
  failed: ['Failed', '失败'],
  interrupted: ['Interrupted', '中断'],
  running: ['Still running', '仍在运行'],
  queued: ['Queued', '排队中'],
}

function statusWord(status: string, reason: string | null, language: AnswerLanguage): string {
  if (reason === 'cancelled') return say(language, 'Cancelled', '已取消')
  const words = STATUS_WORDS[status]
  return words ? say(language, words[0], words[1]) : say(language, `Status ${status}`, `状态 ${status}`)
}

function otherAnomalies(anomalies: Anomaly[], shown: Set<number>, language: AnswerLanguage): string | null {
  const rest = anomalies.filter((anomaly) => !shown.has(anomaly.position))
  if (rest.length === 0) return null
  const groups = new Map<string, Anomaly[]>()
  for (const anomaly of rest) groups.set(anomaly.type, [...(groups.get(anomaly.type) ?? []), anomaly])
  const parts = [...groups].slice(0, 4).map(([type, group]) => {
    if (group.length === 1) return anomalyClause(group[0])
    const positions = group
      .slice(0, 3)
      .map((anomaly) => `#${anomaly.position}`)
      .join(', ')
    const subject = group[0].subject ? `${quote(group[0].subject)} ` : ''
    const message = group[0].message ? `: ${subject}${quote(group[0].message, 100)}` : ''
    return `${group.length}× ${type} (${positions}${group.length > 3 ? ', …' : ''}${message})`
  })
  const more =
    groups.size > 4 ? say(language, `; and ${groups.size - 4} more types`, `；另有 ${groups.size - 4} 种`) : ''
  return say(language, `Also: ${parts.join('; ')}${more}.`, `另外：${parts.join('；')}${more}。`)
}

/** One line per attempt: lessons recalled, output, score and feedback, lesson written. */
export function attemptLines(reader: LogReader, language: AnswerLanguage): string[] {
  const starts = reader.attemptStarts()
  const evaluated = evaluations(reader)
  const recalled = recalls(reader)
  const written = lessonsWritten(reader)
  const produced = outputs(reader)
  const lines = starts.map(({ attempt, position }) => {
    const parts: string[] = []
    const recall = recalled.find((entry) => entry.attempt === attempt)
    if (recall)
      parts.push(
        recall.lessons && recall.lessons.length > 0
          ? say(
              language,
              `recalled ${recall.lessons.length} lesson${recall.lessons.length === 1 ? '' : 's'} (#${recall.position})`,
              `召回 ${recall.lessons.length} 条教训 (#${recall.position})`,
            )
          : say(language, `recalled no lessons (#${recall.position})`, `没有召回教训 (#${recall.position})`),
      )
    const output = produced.find((entry) => entry.attempt === attempt)
    if (output)
      parts.push(
        say(
          language,
          `answered ${quote(output.text, 80)} (#${output.position})`,
          `回答 ${quote(output.text, 80)} (#${output.position})`,
        ),
      )
    const evaluation = evaluated.find((entry) => entry.attempt === attempt)
    if (evaluation) {
      const score = evaluation.score !== null ? formatNumber(evaluation.score) : say(language, 'no score', '无分数')
      const against =
        evaluation.threshold !== null
          ? ` ${evaluation.passed === false || (evaluation.score ?? 0) < evaluation.threshold ? '<' : '≥'} ${formatNumber(evaluation.threshold)}`
          : ''
      const feedback = evaluation.feedback
        ? say(language, `, feedback ${quote(evaluation.feedback, 140)}`, `，反馈 ${quote(evaluation.feedback, 140)}`)
        : ''
      parts.push(
        say(
          language,
          `scored ${score}${against}${feedback} (#${evaluation.position})`,
          `得分 ${score}${against}${feedback} (#${evaluation.position})`,
        ),
      )
    } else parts.push(say(language, 'no evaluation logged', '没有评估记录'))
    const lesson = written.find((entry) => entry.attempt === attempt)
    if (lesson)
      parts.push(
        say(
          language,
          `wrote the lesson ${quote(lesson.lesson, 120)} (#${lesson.position})`,
          `写下教训 ${quote(lesson.lesson, 120)} (#${lesson.position})`,
        ),
      )
    return say(
      language,
      `Attempt ${attempt} (#${position}): ${parts.join('; ')}.`,
      `第 ${attempt} 次 (#${position})：${parts.join('；')}。`,
    )
  })
  if (lines.length <= MAX_ATTEMPT_LINES) return lines
  const hidden = lines.length - MAX_ATTEMPT_LINES
  return [
    lines[0],
    say(
      language,
      `(${hidden} more attempts, #${starts[1].position}–#${starts[hidden].position}.)`,
      `（另有 ${hidden} 次尝试，#${starts[1].position}–#${starts[hidden].position}。）`,
    ),
    ...lines.slice(hidden + 1),
  ]
}

/** The score trend and whether a lesson written earlier was recalled later. */
export function trendLine(reader: LogReader, language: AnswerLanguage): string | null {
  const scored = evaluations(reader).filter((evaluation) => evaluation.score !== null)
  if (scored.length < 2) return null
  const first = scored[0].score ?? 0
  const last = scored[scored.length - 1].score ?? 0
  const change = last - first
  const trend =
    change > 0
      ? say(language, `rose by ${formatNumber(change)}`, `上升了 ${formatNumber(change)}`)
      : change < 0
        ? say(language, `fell by ${formatNumber(-change)}`, `下降了 ${formatNumber(-change)}`)
        : say(language, 'did not change', '没有变化')
  const written = lessonsWritten(reader)
  const reused = recalls(reader).flatMap((recall) =>
    written
      .filter((lesson) => lesson.position < recall.position && recall.lessons?.includes(lesson.lesson))
      .map((lesson) => `#${lesson.position} → #${recall.position}`),
  )
  const lessonNote = reused.length
    ? say(
        language,
        `; lessons written were recalled later (${[...new Set(reused)].join(', ')})`,
        `；之前写下的教训后来被召回（${[...new Set(reused)].join('，')}）`,
      )
    : ''
  const scores = scored
    .map((evaluation) => `${formatNumber(evaluation.score ?? 0)} (#${evaluation.position})`)
    .join(' → ')
  return say(language, `Scores: ${scores} — ${trend}${lessonNote}.`, `分数：${scores}——${trend}${lessonNote}。`)
}

/** The whole explanation as lines: headline with the decisive cause, stated limits, other anomalies, attempts, trend. */
export function explainRun(reader: LogReader, language: AnswerLanguage = 'en'): string[] {
  const overview = reader.overview()
  if (overview.total === 0)
    return [
      say(
        language,
        'The log is empty (0 events): the run has recorded nothing yet.',
        '日志为空（0 个事件）：运行还没有记录任何内容。',
      ),
    ]
  const anomalies = findAnomalies(reader)
  const decisive = decisiveCause(reader, anomalies, language)
  const head = statusWord(overview.status, overview.reason, language)
  const finished = reader.latest('run.finished')
  const lines: string[] = []
  if (decisive) lines.push(`${head}: ${decisive.sentence}.`)
  else if (overview.status === 'succeeded') {
    const met = reader.latest('reflexion.threshold_met')
    const evaluation = evaluations(reader).find(
      (entry) =>
        entry.position <= (met?.position ?? Infinity) &&
        entry.passed !== false &&
        entry.attempt === (met ? reader.attemptOf(met) : null),
    )
    lines.push(
      met
        ? say(
            language,
            `${head}: attempt ${reader.attemptOf(met) ?? '?'} reached the threshold${evaluation?.threshold != null ? ` ${formatNumber(evaluation.threshold)}` : ''} with score ${evaluation?.score != null ? formatNumber(evaluation.score) : quote(met.fields.score ?? '')} (#${met.position} ${met.type}).`,
            `${head}：第 ${reader.attemptOf(met) ?? '?'} 次尝试达到阈值，得分 ${evaluation?.score ?? ''} (#${met.position})。`,
          )
        : `${head}${finished ? ` (#${finished.position} ${finished.type})` : ''}.`,
    )
  } else {
    const last = overview.total - 1
    lines.push(
      say(
        language,
        `${head}: nothing has gone wrong so far; the last event is #${last}.`,
        `${head}：目前没有出错；最后一个事件是 #${last}。`,
      ),
    )
  }
  if (overview.status !== 'succeeded') {
    const limit = statedLimit(reader)
    if (limit && (limit.models.length > 0 || overview.status === 'failed')) {
      const models = limit.models.map((model) => `${quote(model.label)} (#${model.position})`).join(', ')
      lines.push(
        say(
          language,
          `Cause: the agent's own answer says it could not do the task — ${quote(limit.clause, 160)} (#${limit.position})${models ? `; its model was ${models}` : ''}.`,
          `原因：智能体自己的回答说明它做不了这个任务——${quote(limit.clause, 160)} (#${limit.position})${models ? `；使用的模型是 ${models}` : ''}。`,
        ),
      )
    }
  }
  const other = otherAnomalies(anomalies, new Set(decisive?.positions ?? []), language)
  if (other) lines.push(other)
  if (reader.attemptStarts().length === 0) lines.push(say(language, 'No attempt was started.', '没有开始任何尝试。'))
  else lines.push(...attemptLines(reader, language))
  const trend = trendLine(reader, language)
  if (trend) lines.push(trend)
  return lines
}
