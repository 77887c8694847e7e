import type { LanguageModelV4 } from '@ai-sdk/provider'
import { via } from '../events/cause'
import { HANDLERS } from '../events/vocabulary'
import type { Step } from './architecture'
import type { Evaluator } from './evaluator-config'
import { cleanLesson } from './lesson-text'
import { roundScore } from './parse-score'
import { callModel } from './model-call'
import {
  DEFAULT_REFLECTOR_PROMPT,
  MAX_FEEDBACK_CHARS,
  MAX_REVIEW_OUTPUT_CHARS,
  MAX_REVIEW_TASK_CHARS,
  MAX_STEP_CHARS,
  bound,
  renderValue,
} from './prompts'
import { safeErrorMessage } from './redact'
import { HandlerFailure, type RunContext } from './run-context'
import { UNTRUSTED_DATA_RULE, labelledSection, untrustedSection } from './untrusted'

/** A role's model: the explicit role model (no retry) or the agent's model (with its retry policy). */
export type RoleModel = { model: LanguageModelV4; retry: boolean }

/** How many of the most recent steps the reflector sees. */
const MAX_REFLECTOR_STEPS = 20

/** Scores an output with the evaluator (one model call for the llm judge) and emits reflexion.evaluated. */
export async function evaluateOutput(
  run: RunContext,
  evaluator: Evaluator,
  role: RoleModel,
  input: { output: string; attempt: number; threshold: number; outputIndex: number },
): Promise<{ score: number; feedback: string; index: number }> {
  let judgeIndex: number | undefined
  const judge = async (system: string, prompt: string) => {
    const call = await callModel(run, {
      role: 'evaluator',
      ...role,
      system,
      messages: [{ role: 'user', content: prompt }],
      sourceIndex: input.outputIndex,
      handler: HANDLERS.evaluate,
      attempt: input.attempt,
    })
    judgeIndex = call.index
    return call.text
  }
  let evaluation
  try {
    evaluation = await evaluator.evaluate(input.output, {
      task: run.prompt,
      attempt: input.attempt,
      userId: run.userId,
      judge,
    })
  } catch (error) {
    if (error instanceof HandlerFailure || run.signal?.aborted) throw error
    throw new HandlerFailure(HANDLERS.evaluate, input.outputIndex, safeErrorMessage(error))
  }
  // Rounded before the comparison: float noise in a function evaluator's score (0.7999…) never decides pass or fail.
  const score = Number.isFinite(evaluation.score) ? roundScore(Math.min(1, Math.max(0, evaluation.score))) : 0
  const feedback = bound(String(evaluation.feedback ?? ''), MAX_FEEDBACK_CHARS)
  const index = await run.emit('reflexion.evaluated', via(judgeIndex ?? input.outputIndex, HANDLERS.evaluate), {
    attempt: input.attempt,
    score,
    threshold: input.threshold,
    feedback,
    passed: score >= input.threshold,
    evaluator: evaluator.kind,
  })
  return { score, feedback, index }
}

/**
 * The reflector's user prompt: the task, actions and observations (most recent last), the output and the
 * feedback, each a bounded, delimited data section (the engine's own notes stay outside the delimiters).
 */
export function reflectorInput(
  task: string,
  steps: Step[],
  output: string | undefined,
  score: number,
  feedback: string,
): string {
  const recent = steps.slice(-MAX_REFLECTOR_STEPS)
  const actions =
    recent.length === 0
      ? '(no tool calls)'
      : untrustedSection(
          'actions',
          recent
            .map(
              (step, position) =>
                `${position + 1}. ${step.name}(${renderValue(step.input, MAX_STEP_CHARS)}) → ${step.isError ? 'ERROR: ' : ''}${renderValue(step.output, MAX_STEP_CHARS)}`,
            )
            .join('\n'),
        )
  return [
    labelledSection('Task', 'task', task, MAX_REVIEW_TASK_CHARS),
    `Actions and observations (most recent last):\n${actions}`,
    output === undefined
      ? 'Output:\n(no final output: the attempt ran out of turns)'
      : labelledSection('Output', 'output', output, MAX_REVIEW_OUTPUT_CHARS),
    feedback
      ? labelledSection(`Evaluator feedback (score ${score.toFixed(2)})`, 'feedback', feedback, MAX_FEEDBACK_CHARS)
      : `Evaluator feedback (score ${score.toFixed(2)}):\n(none)`,
  ].join('\n\n')
}

/** Asks the reflector for one lesson (one model call) and emits reflexion.lesson_produced with the cleaned lesson. */
export async function reflect(
  run: RunContext,
  role: RoleModel,
  input: {
    reflectorPrompt?: string
    steps: Step[]
    output?: string
    score: number
    feedback: string
    attempt: number
    evaluatedIndex: number
  },
): Promise<{ lesson: string; index: number }> {
  const call = await callModel(run, {
    role: 'reflector',
    ...role,
    system: `${input.reflectorPrompt ?? DEFAULT_REFLECTOR_PROMPT}\n\n${UNTRUSTED_DATA_RULE}`,
    messages: [
      { role: 'user', content: reflectorInput(run.prompt, input.steps, input.output, input.score, input.feedback) },
    ],
    sourceIndex: input.evaluatedIndex,
    handler: HANDLERS.reflect,
    attempt: input.attempt,
  })
  const lesson = cleanLesson(call.text)
  const index = await run.emit('reflexion.lesson_produced', via(call.index, HANDLERS.reflect), {
    attempt: input.attempt,
    lesson,
    ...(lesson === '' && { empty: true }),
  })
  return { lesson, index }
}
