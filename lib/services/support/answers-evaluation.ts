/**
 * Answers about judgement and learning: what the evaluator said, the scores, what changed between
 * attempts, and the lessons (written, recalled, in the prompt, and whether the score moved after).
 */
import { type AnswerContext, missingAttemptsSentence, resolveAttempts } from './answer-context'
import { say } from './language'
import { formatNumber, quote } from './payload-fields'
import { type Evaluation, evaluations, lessonsWritten, modelCalls, outputs, recalls } from './run-facts'

const verdict = (context: AnswerContext, evaluation: Evaluation): string => {
  const { language } = context
  const score = evaluation.score !== null ? formatNumber(evaluation.score) : say(language, 'no score', '无分数')
  const against =
    evaluation.threshold !== null
      ? say(
          language,
          ` against the threshold ${formatNumber(evaluation.threshold)}`,
          `（阈值 ${formatNumber(evaluation.threshold)}）`,
        )
      : ''
  const passed =
    evaluation.passed === true
      ? say(language, ' — passed', '——通过')
      : evaluation.passed === false
        ? say(language, ' — not passed', '——未通过')
        : ''
  return `${score}${against}${passed}`
}

/** What the evaluator said on the attempts named (all, when none is named), with the judge's own reply when logged. */
export function answerEvaluator(context: AnswerContext): string {
  const { reader, language } = context
  const { present, missing } = resolveAttempts(context)
  const all = evaluations(reader)
  const shown = present.length
    ? all.filter((evaluation) => evaluation.attempt !== null && present.includes(evaluation.attempt))
    : all
  const lines = shown.map((evaluation) => {
    const judge = evaluation.feedback
      ? undefined
      : modelCalls(reader, { role: 'evaluator', attempts: evaluation.attempt !== null ? [evaluation.attempt] : null })
          .filter((call) => call.position < evaluation.position)
          .pop()
    const said = evaluation.feedback
      ? say(language, `and said ${quote(evaluation.feedback, 400)}`, `评语：${quote(evaluation.feedback, 400)}`)
      : judge?.text
        ? say(
            language,
            `and replied ${quote(judge.text, 400)} (#${judge.position})`,
            `回复：${quote(judge.text, 400)} (#${judge.position})`,
          )
        : say(language, 'with no feedback recorded', '没有记录反馈')
    const reason = evaluation.reason
      ? say(language, ` (reason ${quote(evaluation.reason)}: no judge call)`, `（原因 ${quote(evaluation.reason)}）`)
      : ''
    return say(
      language,
      `Attempt ${evaluation.attempt ?? '?'}: the evaluator scored ${verdict(context, evaluation)}${reason} ${said} (#${evaluation.position}).`,
      `第 ${evaluation.attempt ?? '?'} 次：评估得分 ${verdict(context, evaluation)}${reason}，${said} (#${evaluation.position})。`,
    )
  })
  if (shown.length === 0 && missing.length === 0)
    lines.push(
      present.length
        ? say(
            language,
            `Attempt ${present.join(', ')} has no evaluation in the log (no reflexion.evaluated for it).`,
            `第 ${present.join('、')} 次尝试在日志中没有评估记录。`,
          )
        : say(
            language,
            'The log holds no evaluation (no reflexion.evaluated).',
            '日志中没有评估记录（没有 reflexion.evaluated）。',
          ),
    )
  const gap = missingAttemptsSentence(context, missing)
  return [...lines, ...(gap ? [gap] : [])].join('\n')
}

/** The scores per attempt, the best and the threshold. */
export function answerScore(context: AnswerContext): string {
  const { reader, language } = context
  const { present, missing } = resolveAttempts(context)
  const all = evaluations(reader)
  const shown = present.length
    ? all.filter((evaluation) => evaluation.attempt !== null && present.includes(evaluation.attempt))
    : all
  const lines = shown.map((evaluation) =>
    say(
      language,
      `Attempt ${evaluation.attempt ?? '?'} scored ${verdict(context, evaluation)} (#${evaluation.position}).`,
      `第 ${evaluation.attempt ?? '?'} 次得分 ${verdict(context, evaluation)} (#${evaluation.position})。`,
    ),
  )
  const scored = all.filter((evaluation) => evaluation.score !== null)
  if (!present.length && scored.length > 1) {
    const best = scored.reduce((top, evaluation) => ((evaluation.score ?? 0) > (top.score ?? 0) ? evaluation : top))
    lines.push(
      say(
        language,
        `Best: ${formatNumber(best.score ?? 0)} on attempt ${best.attempt ?? '?'} (#${best.position}).`,
        `最高分：第 ${best.attempt ?? '?'} 次的 ${formatNumber(best.score ?? 0)} (#${best.position})。`,
      ),
    )
  }
  if (lines.length === 0 && !missing.length)
    lines.push(
      say(
        language,
        'No score is recorded (no reflexion.evaluated).',
        '日志中没有分数记录（没有 reflexion.evaluated）。',
      ),
    )
  const gap = missingAttemptsSentence(context, missing)
  return [...lines, ...(gap ? [gap] : [])].join('\n')
}

/** What changed between two attempts (the two named, else each attempt and the one before): lessons, output, score, feedback. */
export function answerChanges(context: AnswerContext): string {
  const { reader, language } = context
  const numbers = reader.attemptNumbers()
  const { present, missing } = resolveAttempts(context)
  if (numbers.length < 2)
    return (
      say(
        language,
        `Only ${numbers.length} attempt ran, so there is nothing to compare.`,
        `只运行了 ${numbers.length} 次尝试，没有可比较的。`,
      ) + (missing.length ? `\n${missingAttemptsSentence(context, missing)}` : '')
    )
  let pairs: [number, number][]
  if (present.length >= 2) pairs = [[present[0], present[present.length - 1]]]
  else if (present.length === 1) {
    const before = numbers.filter((attempt) => attempt < present[0]).pop()
    pairs = before !== undefined ? [[before, present[0]]] : [[present[0], numbers[numbers.indexOf(present[0]) + 1]]]
  } else
    pairs = numbers
      .slice(1)
      .map((attempt, order) => [numbers[order], attempt] as [number, number])
      .slice(-3)
  const evaluated = evaluations(reader)
  const produced = outputs(reader)
  const recalled = recalls(reader)
  const lines = pairs.map(([from, to]) => {
    const parts: string[] = []
    const recall = recalled.find((entry) => entry.attempt === to)
    if (recall)
      parts.push(
        recall.lessons?.length
          ? say(
              language,
              `it recalled ${recall.lessons.map((lesson) => quote(lesson, 100)).join('; ')} (#${recall.position})`,
              `召回了 ${recall.lessons.map((lesson) => quote(lesson, 100)).join('；')} (#${recall.position})`,
            )
          : say(language, `it recalled no lessons (#${recall.position})`, `没有召回教训 (#${recall.position})`),
      )
    const [outputBefore, outputAfter] = [from, to].map((attempt) =>
      produced.find((output) => output.attempt === attempt),
    )
    if (outputBefore && outputAfter)
      parts.push(
        outputBefore.text === outputAfter.text
          ? say(
              language,
              `the output stayed ${quote(outputAfter.text, 120)} (#${outputBefore.position}, #${outputAfter.position})`,
              `输出没变 ${quote(outputAfter.text, 120)} (#${outputBefore.position}, #${outputAfter.position})`,
            )
          : say(
              language,
              `the output went from ${quote(outputBefore.text, 120)} (#${outputBefore.position}) to ${quote(outputAfter.text, 120)} (#${outputAfter.position})`,
              `输出从 ${quote(outputBefore.text, 120)} (#${outputBefore.position}) 变为 ${quote(outputAfter.text, 120)} (#${outputAfter.position})`,
            ),
      )
    const [scoreBefore, scoreAfter] = [from, to].map((attempt) =>
      evaluated.find((evaluation) => evaluation.attempt === attempt),
    )
    if (scoreBefore?.score != null && scoreAfter?.score != null)
      parts.push(
        say(
          language,
          `the score went ${formatNumber(scoreBefore.score)} (#${scoreBefore.position}) → ${formatNumber(scoreAfter.score)} (#${scoreAfter.position})`,
          `分数 ${formatNumber(scoreBefore.score)} (#${scoreBefore.position}) → ${formatNumber(scoreAfter.score)} (#${scoreAfter.position})`,
        ),
      )
    if (scoreAfter?.feedback && scoreAfter.feedback !== scoreBefore?.feedback)
      parts.push(
        say(
          language,
          `the feedback became ${quote(scoreAfter.feedback, 160)} (#${scoreAfter.position})`,
          `反馈变为 ${quote(scoreAfter.feedback, 160)} (#${scoreAfter.position})`,
        ),
      )
    if (parts.length === 0)
      parts.push(say(language, 'the log records nothing to compare for these attempts', '日志中没有可比较的内容'))
    return say(
      language,
      `From attempt ${from} to ${to}: ${parts.join('; ')}.`,
      `从第 ${from} 次到第 ${to} 次：${parts.join('；')}。`,
    )
  })
  const gap = missingAttemptsSentence(context, missing)
  return [...lines, ...(gap ? [gap] : [])].join('\n')
}

/** Lessons: written (and stored), recalled per attempt, whether they are in the next prompt, and the score after. */
export function answerLessons(context: AnswerContext): string {
  const { reader, language } = context
  const { present } = resolveAttempts(context)
  const inScope = (attempt: number | null) => present.length === 0 || (attempt !== null && present.includes(attempt))
  const written = lessonsWritten(reader).filter((lesson) => inScope(lesson.attempt))
  const recalled = recalls(reader).filter((recall) => inScope(recall.attempt))
  const evaluated = evaluations(reader)
  const lines: string[] = []
  for (const lesson of written)
    lines.push(
      say(
        language,
        `Attempt ${lesson.attempt ?? '?'} wrote ${quote(lesson.lesson, 200)} (#${lesson.position})${lesson.stored ? (lesson.duplicate ? ', a duplicate of a stored lesson' : ', and it was stored') : ', not stored'}.`,
        `第 ${lesson.attempt ?? '?'} 次写下 ${quote(lesson.lesson, 200)} (#${lesson.position})${lesson.stored ? (lesson.duplicate ? '，与已存教训重复' : '，已保存') : '，未保存'}。`,
      ),
    )
  for (const recall of recalled) {
    if (!recall.lessons?.length) {
      lines.push(
        say(
          language,
          `Attempt ${recall.attempt ?? '?'} recalled no lessons (#${recall.position}).`,
          `第 ${recall.attempt ?? '?'} 次没有召回教训 (#${recall.position})。`,
        ),
      )
      continue
    }
    const prompt = modelCalls(reader, {
      role: 'agent',
      attempts: recall.attempt !== null ? [recall.attempt] : null,
    }).find((call) => call.position > recall.position)
    const promptEvent = prompt ? reader.event(prompt.position) : null
    const traced = promptEvent && ('prompt' in promptEvent.fields || 'messages' in promptEvent.fields)
    const inPrompt = traced
      ? recall.lessons.filter((lesson) =>
          JSON.stringify(promptEvent?.fields.prompt ?? promptEvent?.fields.messages ?? '').includes(
            lesson.slice(0, 60),
          ),
        )
      : null
    const reached =
      inPrompt === null
        ? ''
        : inPrompt.length === recall.lessons.length
          ? say(
              language,
              `; all of them are in the agent's prompt (#${prompt?.position})`,
              `；全部出现在智能体的提示里 (#${prompt?.position})`,
            )
          : say(
              language,
              `; ${inPrompt.length} of them are in the agent's prompt (#${prompt?.position})`,
              `；其中 ${inPrompt.length} 条出现在提示里 (#${prompt?.position})`,
            )
    const score = evaluated.find((evaluation) => evaluation.attempt === recall.attempt)
    const previous = evaluated
      .filter(
        (evaluation) => recall.attempt !== null && evaluation.attempt !== null && evaluation.attempt < recall.attempt,
      )
      .pop()
    const effect =
      score?.score != null && previous?.score != null
        ? say(
            language,
            `; the score then went ${formatNumber(previous.score)} (#${previous.position}) → ${formatNumber(score.score)} (#${score.position})${score.score > previous.score ? ', so it helped' : score.score < previous.score ? ', so it did not help' : ', unchanged'}`,
            `；之后分数 ${formatNumber(previous.score)} (#${previous.position}) → ${formatNumber(score.score)} (#${score.position})${score.score > previous.score ? '，有帮助' : score.score < previous.score ? '，没有帮助' : '，没有变化'}`,
          )
        : ''
    lines.push(
      say(
        language,
        `Attempt ${recall.attempt ?? '?'} recalled ${recall.lessons.map((lesson) => quote(lesson, 160)).join('; ')} (#${recall.position})${reached}${effect}.`,
        `第 ${recall.attempt ?? '?'} 次召回 ${recall.lessons.map((lesson) => quote(lesson, 160)).join('；')} (#${recall.position})${reached}${effect}。`,
      ),
    )
  }
  if (lines.length === 0)
    lines.push(
      say(
        language,
        'No lessons were written or recalled (no reflexion.lesson_produced or reflexion.lessons_recalled).',
        '没有写下或召回任何教训（没有 reflexion.lesson_produced 或 reflexion.lessons_recalled）。',
      ),
    )
  return lines.join('\n')
}
