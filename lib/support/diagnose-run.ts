/**
 * The offline, deterministic support diagnosis: overview → locate → evidence walk → conclusion,
 * made entirely of query_log calls (kept as a transcript). Every claim cites `#index`. Event
 * contents are quoted as data; nothing in them changes which calls are made or what is concluded.
 */
import type { Reflection } from '../reflection'
import { type AttemptFacts, collectAttempts } from './collect-attempts'
import { explainInterruption, quote } from './explain-interruption'
import { recordingSession, type RecordingSession, type ToolCallRecord } from './recording-tool'
import { listedPositions, parseEvent, parseOverview } from './tool-output'

/** The diagnosis: the answer text and the tool calls it was built from. */
export type Diagnosis = { answer: string; toolCalls: ToolCallRecord[] }

function attemptLine(facts: AttemptFacts): string {
  const parts = [`Attempt ${facts.attempt}${facts.startedAt !== null ? ` (#${facts.startedAt})` : ''}:`]
  if (facts.recalled) {
    const { lessons, position } = facts.recalled
    if (lessons === null) parts.push(`Lessons were recalled (#${position}).`)
    else if (lessons.length === 0) parts.push(`No lessons recalled (#${position}).`)
    else
      parts.push(
        `Recalled ${lessons.length} lesson${lessons.length === 1 ? '' : 's'} (#${position}): ${lessons
          .slice(0, 3)
          .map((lesson) => quote(lesson))
          .join('; ')}.`,
      )
  }
  if (facts.outOfTurns !== null) parts.push(`It ran out of turns (#${facts.outOfTurns} agent.out_of_turns).`)
  const evaluation = facts.evaluation
  if (evaluation) {
    const against = evaluation.threshold !== null ? ` against threshold ${evaluation.threshold}` : ''
    const verdict = evaluation.passed === true ? 'passed' : evaluation.passed === false ? 'failed' : 'was scored'
    const reason = evaluation.reason
      ? `, reason ${quote(evaluation.reason)}${evaluation.reason === 'out_of_turns' ? ' (no evaluator call; scored 0)' : ''}`
      : ''
    parts.push(
      `The evaluator check ${verdict} with score ${evaluation.score ?? 'none'}${against}${reason} (#${evaluation.position} reflexion.evaluated)${evaluation.feedback ? `; feedback: ${quote(evaluation.feedback)} (#${evaluation.position})` : ''}.`,
    )
  } else {
    parts.push('No evaluation logged for this attempt.')
  }
  if (facts.lessonProduced)
    parts.push(`Lesson produced: ${quote(facts.lessonProduced.lesson)} (#${facts.lessonProduced.position}).`)
  return parts.join(' ')
}

function trendLine(attempts: AttemptFacts[]): string | null {
  const scored = attempts.filter((facts) => facts.evaluation?.score !== null && facts.evaluation?.score !== undefined)
  if (scored.length < 2) return null
  const scores = scored.map((facts) => `${facts.evaluation?.score} (#${facts.evaluation?.position})`).join(' → ')
  const first = scored[0].evaluation?.score ?? 0
  const last = scored[scored.length - 1].evaluation?.score ?? 0
  const trend =
    last > first
      ? `improved by ${Number((last - first).toFixed(4))}`
      : last < first
        ? `fell by ${Number((first - last).toFixed(4))}`
        : 'did not change'
  const recalled = attempts.filter((facts) => facts.attempt > scored[0].attempt && facts.recalled?.lessons?.length)
  const produced = attempts.flatMap((facts) => (facts.lessonProduced ? [facts.lessonProduced] : []))
  const reused = recalled.flatMap((facts) =>
    produced
      .filter(
        (lesson) =>
          lesson.position < (facts.recalled?.position ?? 0) && facts.recalled?.lessons?.includes(lesson.lesson),
      )
      .map((lesson) => `the lesson of #${lesson.position} was recalled at #${facts.recalled?.position}`),
  )
  const lessonNote =
    reused.length > 0
      ? `; ${[...new Set(reused)].join('; ')}`
      : recalled.length > 0
        ? `; later attempts recalled lessons (${recalled.map((facts) => `#${facts.recalled?.position}`).join(', ')})`
        : '; no lessons were recalled by later attempts'
  return `Scores across attempts: ${scores} — ${trend} from the first to the last evaluated attempt${lessonNote}.`
}

function statusLine(
  session: RecordingSession,
  status: string,
  reason: string | null,
  counts: Map<string, number>,
  total: number,
): string {
  const latest = (type: string): number | null =>
    counts.has(type) ? (listedPositions(session.ask({ op: 'latest', type }))[0] ?? null) : null
  const finished = latest('run.finished')
  const finishedNote = finished !== null ? `; run.finished at #${finished}` : ''
  if (status === 'succeeded') {
    const met = latest('reflexion.threshold_met')
    const facts = met !== null ? parseEvent(session.ask({ op: 'get', index: met })) : null
    return `Status: succeeded${facts ? ` — attempt ${facts.fields.attempt} reached the threshold with score ${facts.fields.score} (#${met} reflexion.threshold_met)` : ''}${finishedNote}.`
  }
  if (status === 'failed') {
    const reached = latest('reflexion.max_attempts_reached')
    const facts = reached !== null ? parseEvent(session.ask({ op: 'get', index: reached })) : null
    return `Status: failed${facts ? ` — all ${facts.fields.attempts} attempts scored below the threshold; best score ${facts.fields.bestScore} (#${reached} reflexion.max_attempts_reached)` : ''}${finishedNote}.`
  }
  if (status === 'interrupted')
    return `Status: interrupted${reason ? ` (reason ${quote(reason)})` : ''}${finishedNote}.`
  if (status === 'queued')
    return `Status: queued — only the submission is logged (${total} event${total === 1 ? '' : 's'}, last #${total - 1}).`
  return `Status: ${status} — no run.finished yet; the last event is #${total - 1}.`
}

/** Diagnoses a run from its Reflection alone, through query_log calls; deterministic. */
export function diagnoseRun(reflection: Reflection): Diagnosis {
  const session = recordingSession(reflection.tool())
  const overview = parseOverview(session.ask({ op: 'overview' }))
  if (overview.total === 0)
    return {
      answer: 'The log is empty (0 events): the run has recorded nothing yet, so there is nothing to explain.',
      toolCalls: session.calls,
    }
  const lines = [statusLine(session, overview.status, overview.reason, overview.counts, overview.total)]
  const attempts = collectAttempts(session, overview.counts)
  if (attempts.length === 0) lines.push('No attempt was started (no reflexion.attempt_started in the log).')
  lines.push(...attempts.map(attemptLine))
  const trend = trendLine(attempts)
  if (trend) lines.push(trend)
  if (overview.counts.has('run.interrupted')) lines.push(...explainInterruption(session, overview.counts))
  return { answer: lines.join('\n'), toolCalls: session.calls }
}
