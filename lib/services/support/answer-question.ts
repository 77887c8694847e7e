/**
 * The offline support agent: understands the question (in its conversation), chooses the
 * query_log calls its topic needs, and answers from their results alone, citing `#index`. A question
 * the log cannot answer gets one sentence saying so. Deterministic; event contents never steer it.
 */
import type { Reflection } from '../../core/reflection'
import { type AnswerContext, missingAttemptsSentence, resolveAttempts } from './answer-context'
import { answerErrors, answerNamedEvents, answerPrompt, answerTools, answerUsage, namedTypes } from './answers-activity'
import { answerChanges, answerEvaluator, answerLessons, answerScore } from './answers-evaluation'
import {
  answerRatings,
  answerAttempts,
  answerCancel,
  answerModel,
  answerOutput,
  answerStatus,
  answerTask,
  answerWhy,
} from './answers-outcome'
import { type AnswerLanguage, declineSentence } from './language'
import { LogReader } from './log-reader'
import type { Intent } from './question-intents'
import { recordingSession, type ToolCallRecord } from './recording-tool'
import { understandQuestion, type Understanding } from './understand-question'

/** An offline answer: its text, the query_log calls it rests on, and how the question was understood. */
export type OfflineAnswer = {
  answer: string
  toolCalls: ToolCallRecord[]
  understanding: Understanding
  intent: Intent | 'events' | null
}

/** Options of an offline answer: earlier questions of the conversation, and display names for user ids. */
export type OfflineAnswerOptions = { history?: readonly string[]; names?: ReadonlyMap<string, string> }

// A question asking for a decision ("should we share this lesson?") gets the facts, not a verdict.
const ADVICE = /\b(should|recommend|worth|would you|advise)\b|应该|值得|建议|要不要|该不该/i
const adviceSentence = (language: AnswerLanguage) =>
  language === 'zh'
    ? '日志无法替你做这个决定；它记录的事实如下：'
    : "The log can't decide that for you; here is what it records:"

const ANSWERS: Record<Exclude<Intent, 'decline'>, (context: AnswerContext) => string> = {
  why: answerWhy,
  status: answerStatus,
  evaluator: answerEvaluator,
  score: answerScore,
  lessons: answerLessons,
  tools: answerTools,
  errors: answerErrors,
  usage: answerUsage,
  changes: answerChanges,
  cancel: answerCancel,
  output: answerOutput,
  task: answerTask,
  model: answerModel,
  attempts: answerAttempts,
  prompt: answerPrompt,
  ratings: answerRatings,
}

/** Answers one question about a run, offline. */
export function answerQuestionOffline(
  reflection: Reflection,
  question: string,
  options: OfflineAnswerOptions = {},
): OfflineAnswer {
  const reader = new LogReader(recordingSession(reflection.tool()))
  const understanding = understandQuestion(question, options.history ?? [])
  const context: AnswerContext = {
    reader,
    slots: understanding.slots,
    language: understanding.language,
    question,
    names: options.names,
  }
  const done = (answer: string, intent: OfflineAnswer['intent']): OfflineAnswer => ({
    answer,
    toolCalls: reader.session.calls,
    understanding,
    intent,
  })
  if (understanding.intent === 'decline') return done(declineSentence(understanding.language), 'decline')
  if (reader.overview().total === 0) return done(answerWhy(context), understanding.intent)
  // A question that names an event type of this log by its words (a webhook, the sandbox…) and has no strong topic.
  if (understanding.strength < 4 && !understanding.followUp) {
    const types = namedTypes(context)
    if (types.length > 0 && types.length <= 3) return done(answerNamedEvents(context, types), 'events')
  }
  if (understanding.intent === null) return done(declineSentence(understanding.language), null)
  // Every attempt the question names is missing: say so (with the attempts held) instead of answering for all.
  const { present, missing } = resolveAttempts(context)
  if (
    missing.length > 0 &&
    present.length === 0 &&
    !['why', 'status', 'task', 'model', 'cancel'].includes(understanding.intent)
  )
    return done(missingAttemptsSentence(context, missing) ?? '', understanding.intent)
  const answer = ANSWERS[understanding.intent](context)
  return done(
    ADVICE.test(question) ? `${adviceSentence(understanding.language)}\n${answer}` : answer,
    understanding.intent,
  )
}
