/**
 * Answers about how the run went as a whole: why (the explanation), its status, how many attempts,
 * the task, the outputs, the models used, and who cancelled it.
 */
import { type AnswerContext, missingAttemptsSentence, personName, resolveAttempts } from './answer-context'
import { explainRun } from './explain-run'
import { findAnomalies } from './find-anomalies'
import { decisiveCause } from './decisive-cause'
import { say } from './language'
import { ACTOR_FIELDS, formatNumber, numberField, pickField, quote, textField, valueText } from './payload-fields'
import { modelCalls, outputs } from './run-facts'

/** Why it failed (or passed): the whole explanation. */
export function answerWhy(context: AnswerContext): string {
  return explainRun(context.reader, context.language).join('\n')
}

/** The status and, when something decided it, the decisive event (the first line of the explanation). */
export function answerStatus(context: AnswerContext): string {
  return explainRun(context.reader, context.language)[0]
}

/** How many attempts ran, of how many allowed; or one named attempt's story. */
export function answerAttempts(context: AnswerContext): string {
  const { reader, language } = context
  const { present, missing } = resolveAttempts(context)
  const lines = explainRun(reader, language)
  if (present.length > 0) {
    const wanted = lines.filter((line) =>
      present.some((attempt) => line.startsWith(say(language, `Attempt ${attempt} (`, `第 ${attempt} 次 (`))),
    )
    return [...wanted, missingAttemptsSentence(context, missing)].filter(Boolean).join('\n')
  }
  const starts = reader.attemptStarts()
  if (starts.length === 0)
    return say(
      language,
      'No attempt was started (the log holds no reflexion.attempt_started).',
      '没有开始任何尝试（日志中没有 reflexion.attempt_started）。',
    )
  const first = reader.event(starts[0].position)
  const max = first ? numberField(first.fields, ['maxAttempts', 'max']) : null
  const list = starts.map((start) => `#${start.position}`).join(', ')
  return say(
    language,
    `${starts.length} attempt${starts.length === 1 ? '' : 's'} ran${max !== null ? ` of at most ${max}` : ''} (${list}).`,
    `共运行了 ${starts.length} 次尝试${max !== null ? `（最多 ${max} 次）` : ''}（${list}）。`,
  )
}

/** What was asked: the submission's prompt and settings. */
export function answerTask(context: AnswerContext): string {
  const { reader, language } = context
  const submitted = reader.latest('run.submitted')
  if (!submitted) return say(language, "The log doesn't record the submission.", '日志里没有记录提交内容。')
  const prompt = textField(submitted.fields, ['prompt', 'task', 'input', 'question'])
  const threshold = numberField(submitted.fields, ['threshold'])
  const max = numberField(submitted.fields, ['maxAttempts'])
  const settings = [
    threshold !== null
      ? say(language, `threshold ${formatNumber(threshold)}`, `阈值 ${formatNumber(threshold)}`)
      : null,
    max !== null ? say(language, `at most ${max} attempts`, `最多 ${max} 次尝试`) : null,
  ].filter(Boolean)
  return say(
    language,
    `The task was ${prompt ? quote(prompt, 400) : '(no prompt recorded)'}${settings.length ? `, with ${settings.join(' and ')}` : ''} (#${submitted.position} ${submitted.type}).`,
    `任务是 ${prompt ? quote(prompt, 400) : '（未记录提示）'}${settings.length ? `，${settings.join('，')}` : ''} (#${submitted.position} ${submitted.type})。`,
  )
}

/** What the agent answered, per attempt (or the attempts named), and the run's final output. */
export function answerOutput(context: AnswerContext): string {
  const { reader, language } = context
  const { present, missing } = resolveAttempts(context)
  const all = outputs(reader)
  const shown = present.length
    ? all.filter((output) => output.attempt !== null && present.includes(output.attempt))
    : all.slice(-3)
  const lines = shown.map((output) =>
    say(
      language,
      `Attempt ${output.attempt ?? '?'} answered ${quote(output.text, 400)} (#${output.position}).`,
      `第 ${output.attempt ?? '?'} 次回答 ${quote(output.text, 400)} (#${output.position})。`,
    ),
  )
  if (all.length > shown.length && !present.length)
    lines.unshift(
      say(
        language,
        `(${all.length - shown.length} earlier outputs not shown.)`,
        `（之前还有 ${all.length - shown.length} 个输出未显示。）`,
      ),
    )
  const finished = reader.latest('run.finished')
  const final = finished ? pickField(finished.fields, ['output', 'result', 'answer']) : null
  if (finished && final && !present.length)
    lines.push(
      say(
        language,
        `The run's final output: ${quote(final.value, 400)} (#${finished.position}).`,
        `运行的最终输出：${quote(final.value, 400)} (#${finished.position})。`,
      ),
    )
  if (lines.length === 0 && present.length === 0 && !missing.length)
    lines.push(
      say(
        language,
        'No output was produced (the log holds no agent.output_produced).',
        '没有产生输出（日志中没有 agent.output_produced）。',
      ),
    )
  else if (lines.length === 0 && present.length)
    lines.push(
      say(
        language,
        `Attempt ${present.join(', ')} produced no output (no agent.output_produced for it).`,
        `第 ${present.join('、')} 次没有产生输出。`,
      ),
    )
  const gap = missingAttemptsSentence(context, missing)
  return [...lines, ...(gap ? [gap] : [])].join('\n')
}

/** Which models each role used, with the first call that used each. */
export function answerModel(context: AnswerContext): string {
  const { reader, language } = context
  const calls = modelCalls(reader)
  if (calls.length === 0)
    return say(
      language,
      'The log records no model call (no agent.model_called).',
      '日志里没有模型调用记录（没有 agent.model_called）。',
    )
  const byRole = new Map<string, Map<string, number[]>>()
  for (const call of calls) {
    const models = byRole.get(call.role) ?? new Map<string, number[]>()
    const label = call.model ?? '?'
    models.set(label, [...(models.get(label) ?? []), call.position])
    byRole.set(call.role, models)
  }
  return [...byRole]
    .map(
      ([role, models]) =>
        `${role}: ${[...models]
          .map(
            ([label, positions]) =>
              `${quote(label)} (${positions.length} call${positions.length === 1 ? '' : 's'}, ${say(language, 'first', '首次')} #${positions[0]})`,
          )
          .join(', ')}`,
    )
    .join('\n')
}

/** Who cancelled the run (or that it was not cancelled), from the interruption's own fields. */
export function answerCancel(context: AnswerContext): string {
  const { reader, language } = context
  const anomalies = findAnomalies(reader)
  const cancellation = [...anomalies].reverse().find((anomaly) => anomaly.category === 'cancellation')
  if (!cancellation) {
    const decisive = decisiveCause(reader, anomalies, language)
    const finished = reader.latest('run.finished')
    const ended = decisive
      ? decisive.sentence
      : finished
        ? say(language, `it finished (#${finished.position})`, `它正常结束 (#${finished.position})`)
        : say(language, 'it has not ended', '它还没有结束')
    return say(language, `The run was not cancelled: ${ended}.`, `这个运行没有被取消：${ended}。`)
  }
  const actorField = pickField(cancellation.facts.fields, ACTOR_FIELDS)
  const detail = textField(cancellation.facts.fields, ['detail', 'message', 'reason'])
  const named = actorField ? valueText(actorField.value) : (cancellation.actor ?? null)
  const who = named ? personName(context, named) : null
  return who
    ? say(
        language,
        `${who} cancelled the run (${actorField?.name ?? 'detail'} on #${cancellation.position} ${cancellation.type}${detail ? `, ${quote(detail, 120)}` : ''}).`,
        `${who} 取消了这个运行（#${cancellation.position} ${cancellation.type} 的 ${actorField?.name ?? 'detail'}${detail ? `，${quote(detail, 120)}` : ''}）。`,
      )
    : say(
        language,
        `The run was cancelled (#${cancellation.position} ${cancellation.type}${detail ? `, ${quote(detail, 120)}` : ''}), but the log doesn't record who did it.`,
        `运行被取消了 (#${cancellation.position} ${cancellation.type})，但日志没有记录是谁取消的。`,
      )
}

/** The ratings people gave the run or its attempts (`run.feedback_given`), with who and what they said. */
export function answerRatings(context: AnswerContext): string {
  const { reader, language } = context
  const ratings = reader.events('run.feedback_given', 20, true)
  if (ratings.length === 0)
    return say(
      language,
      'Nobody has rated this run (no run.feedback_given in the log).',
      '还没有人评价这个运行（日志中没有 run.feedback_given）。',
    )
  return ratings
    .map((rating) => {
      const by = textField(rating.fields, ACTOR_FIELDS)
      const attempt = numberField(rating.fields, ['attempt'])
      const comment = textField(rating.fields, ['comment'])
      const up = textField(rating.fields, ['rating']) === 'up'
      return say(
        language,
        `${by ? personName(context, by) : 'Someone'} gave ${attempt !== null ? `attempt ${attempt}` : 'the run'} a thumbs ${up ? 'up' : 'down'}${comment ? `: ${quote(comment, 200)}` : ''} (#${rating.position}).`,
        `${by ? personName(context, by) : '有人'}给${attempt !== null ? `第 ${attempt} 次尝试` : '这个运行'}${up ? '点了赞' : '点了差评'}${comment ? `：${quote(comment, 200)}` : ''} (#${rating.position})。`,
      )
    })
    .join('\n')
}
